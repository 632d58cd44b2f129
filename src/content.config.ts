import { defineCollection } from 'astro:content';
import { docsLoader } from '@astrojs/starlight/loaders';
import { docsSchema } from '@astrojs/starlight/schema';
import { guideLoader } from './content/guide-loader.ts';

export const collections = {
  docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }),
  guides: defineCollection({ loader: guideLoader({ dataDir: 'data/guides', contentDir: 'content/guides' }) }),
};
