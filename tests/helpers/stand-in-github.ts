// A stand-in for the few GitHub REST endpoints the comment job calls, as a real HTTP server on
// 127.0.0.1: pull requests of a commit, one pull request, an issue's comments (list, create,
// update) and a workflow run's artifacts. It keeps its state and records every request, so tests
// see what the script did.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export type StandInPull = { number: number; headSha: string; headRepository: string; state?: 'open' | 'closed' };
export type StandInComment = { id: number; issue: number; body: string; user: { login: string; type: string } };
export type StandInArtifact = { runId: number; id: number; name: string; expired?: boolean };

export type StandInGitHub = {
  url: string;
  pulls: StandInPull[];
  comments: StandInComment[];
  artifacts: StandInArtifact[];
  /** "METHOD path" of every request, in order */
  requests: string[];
  /** Whether "pull requests of a commit" lists pull requests from forks (GitHub may not). */
  listsForkPulls: boolean;
  close: () => Promise<void>;
};

export async function standInGitHub(repository: string, token: string): Promise<StandInGitHub> {
  const state: Omit<StandInGitHub, 'url' | 'close'> = {
    pulls: [],
    comments: [],
    artifacts: [],
    requests: [],
    listsForkPulls: true,
  };
  const base = `/repos/${repository}`;
  const pullJson = (p: StandInPull) => ({
    number: p.number,
    state: p.state ?? 'open',
    head: { sha: p.headSha, repo: { full_name: p.headRepository } },
    base: { repo: { full_name: repository } },
  });
  const send = (response: ServerResponse, status: number, json: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(json));
  };
  const body = async (request: IncomingMessage) => {
    let text = '';
    for await (const chunk of request) text += String(chunk);
    return (JSON.parse(text) as { body: string }).body;
  };

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      state.requests.push(`${request.method} ${url.pathname}`);
      if (request.headers.authorization !== `Bearer ${token}`)
        return send(response, 401, { message: 'Bad credentials' });
      const page = Number(url.searchParams.get('page') ?? '1');
      const perPage = Number(url.searchParams.get('per_page') ?? '30');
      const paged = <T>(list: T[]) => list.slice((page - 1) * perPage, page * perPage);
      let match: RegExpExecArray | null;
      if (request.method === 'GET' && (match = new RegExp(`^${base}/commits/([0-9a-f]{40})/pulls$`).exec(url.pathname)))
        return send(
          response,
          200,
          paged(
            state.pulls
              .filter((p) => p.headSha === match?.[1])
              .filter((p) => state.listsForkPulls || p.headRepository === repository)
              .map(pullJson),
          ),
        );
      if (request.method === 'GET' && (match = new RegExp(`^${base}/pulls/(\\d+)$`).exec(url.pathname))) {
        const pull = state.pulls.find((p) => p.number === Number(match?.[1]));
        return pull ? send(response, 200, pullJson(pull)) : send(response, 404, { message: 'Not Found' });
      }
      if (
        request.method === 'GET' &&
        (match = new RegExp(`^${base}/actions/runs/(\\d+)/artifacts$`).exec(url.pathname))
      ) {
        const name = url.searchParams.get('name');
        const artifacts = state.artifacts
          .filter((a) => a.runId === Number(match?.[1]) && (name === null || a.name === name))
          .map((a) => ({ id: a.id, name: a.name, expired: a.expired ?? false, size_in_bytes: 1 }));
        return send(response, 200, { total_count: artifacts.length, artifacts });
      }
      if ((match = new RegExp(`^${base}/issues/(\\d+)/comments$`).exec(url.pathname))) {
        const issue = Number(match[1]);
        if (!state.pulls.some((p) => p.number === issue)) return send(response, 404, { message: 'Not Found' });
        if (request.method === 'GET')
          return send(response, 200, paged(state.comments.filter((c) => c.issue === issue)));
        if (request.method === 'POST') {
          const comment = {
            id: 1000 + state.comments.length,
            issue,
            body: await body(request),
            user: { login: 'github-actions[bot]', type: 'Bot' },
          };
          state.comments.push(comment);
          return send(response, 201, comment);
        }
      }
      if (request.method === 'PATCH' && (match = new RegExp(`^${base}/issues/comments/(\\d+)$`).exec(url.pathname))) {
        const comment = state.comments.find((c) => c.id === Number(match?.[1]));
        if (!comment) return send(response, 404, { message: 'Not Found' });
        comment.body = await body(request);
        return send(response, 200, comment);
      }
      send(response, 404, { message: 'Not Found' });
    })();
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  );
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
