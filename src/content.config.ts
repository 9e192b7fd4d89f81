import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { VALUES } from './core/values.ts';
import { FIGURES_DIR, figureSchema } from './figures/schema.ts';

/** A work an essay leans on: who wrote it, what it is called, why it matters here. */
const reference = z.object({
  author: z.string().min(1),
  work: z.string().min(1),
  note: z.string().min(1),
});

/**
 * One essay per value. The file name is the value (love.md, duty.md ...), so
 * the page address /values/<value> and the scoring core agree on the names.
 */
const values = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/values' }),
  schema: z.object({
    title: z.string().min(1),
    description: z.string().min(1).max(200),
    order: z.number().int().min(1).max(VALUES.length),
    references: z.array(reference).min(1),
  }),
});

/** Short texts about the product itself, such as the About overlay. */
const about = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/about' }),
  schema: z.object({
    title: z.string().min(1),
    description: z.string().min(1).max(200),
    order: z.number().int().min(1),
    references: z.array(reference).default([]),
  }),
});

/** Figures from literature, one per file; the file name is the figure's anchor on /figures. */
const figures = defineCollection({
  loader: glob({ pattern: '*.md', base: `./${FIGURES_DIR}` }),
  schema: figureSchema,
});

export const collections = { values, about, figures };
