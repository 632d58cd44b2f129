// The file-system policy for what the site build copies and the dev server serves (see
// fs-policy.ts for the pipeline's): nothing reached through a symbolic link leaves the repository.
// `astro build` copies public/ into dist/ as it is, links followed, so a link there is refused
// before the build starts; the dev server answers 404 for any file it would reach through a link.
import { lstatSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { isInside, linkOnTheWay, linksBelow } from './fs-policy.ts';

/** Paths in `dir` (public/) that a build must not copy: links and special files, and a linked `dir` itself. */
export function siteFolderProblems(dir: string, root: string): string[] {
  const rel = (path: string) => relative(root, path).split(sep).join('/');
  const found = linkOnTheWay(dir, root);
  if (found) return [`${rel(found.path)} ${found.reason}`];
  return linksBelow(dir).map(({ path, reason }) => `${rel(path)} ${reason}`);
}

/**
 * Whether the dev server would reach the file a request names through a symbolic link (the file
 * itself or a folder on its way from the site root). Only files inside the root and outside
 * node_modules are the policy's; Vite's own `server.fs` rules keep the rest out.
 */
export function reachedThroughLink(url: string, root: string, publicDir: string): boolean {
  let path: string;
  try {
    path = decodeURIComponent(new URL(url, 'http://localhost').pathname);
  } catch {
    return false; // not a path Vite can serve either
  }
  const candidates = path.startsWith('/@fs/') ? [path.slice('/@fs'.length)] : [join(root, path), join(publicDir, path)];
  return candidates.some((file) => {
    if (!isInside(file, root) || isInside(file, join(root, 'node_modules'))) return false;
    if (linkOnTheWay(dirname(file), root)) return true;
    try {
      return lstatSync(file).isSymbolicLink();
    } catch {
      return false;
    }
  });
}

/** The Astro integration: registered first in astro.config.mjs. */
export function filePolicy(): AstroIntegration {
  let root = '';
  let publicDir = '';
  return {
    name: 'perflab-file-policy',
    hooks: {
      'astro:config:setup': ({ config }) => {
        root = fileURLToPath(config.root);
        publicDir = fileURLToPath(config.publicDir);
        const problems = siteFolderProblems(publicDir, root);
        if (problems.length > 0)
          throw new Error(
            `E_LINKED_FOLDER: the site would copy files from outside the repository or that are not files:\n${problems.map((p) => `  ${p}`).join('\n')}\n  hint: replace each with the real file (a build copies public/ into dist/ as it is)`,
          );
      },
      'astro:server:setup': ({ server }) => {
        server.middlewares.use((request: IncomingMessage, response: ServerResponse, next: () => void) => {
          if (request.url && reachedThroughLink(request.url, root, publicDir)) {
            response.statusCode = 404;
            response.end('Not found: perflab does not serve files reached through a symbolic link\n');
            return;
          }
          next();
        });
      },
    },
  };
}
