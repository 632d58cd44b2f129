// astro.config.mjs without a site URL (what tests and a first local build use): the site is built
// at the root, and a stand-in under the sitemap integration's name keeps Starlight from adding the
// real one, which would only warn on every build that it skipped itself for want of a site.
import { describe, expect, it } from 'vitest';

describe('astro.config.mjs without PERFLAB_SITE', () => {
  it('no site, the root as base, and no sitemap integration to warn', async () => {
    expect(process.env['PERFLAB_SITE']).toBeUndefined();
    const { default: config } = (await import('../../astro.config.mjs')) as {
      default: { site?: string; base?: string; integrations: { name: string; hooks: object }[] };
    };
    expect(config.site).toBeUndefined();
    expect(config.base).toBe('/');
    const sitemap = config.integrations.filter((integration) => integration.name === '@astrojs/sitemap');
    expect(sitemap).toHaveLength(1);
    expect(sitemap[0]?.hooks).toEqual({});
  });
});
