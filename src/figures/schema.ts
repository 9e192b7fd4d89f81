/**
 * The front matter of a literary figure (src/content/figures/<slug>.md).
 * Apart from content.config.ts so that scripts and tests can check the same
 * files with the same rules outside Astro.
 */
import { z } from 'astro/zod';

/**
 * Who the figures are, said once for /figures, its description and its
 * social card: Gawain's romance and Cyrano's heroic comedy are neither epic,
 * tragedy nor novel.
 */
export const FIGURES_IN_WORDS = 'Heroes and lovers from epic, romance, drama and the novel';

/** Where the figure's files live, for Astro's loader and for scripts alike. */
export const FIGURES_DIR = 'src/content/figures';

/** A file name is the figure's anchor on /figures, so it must be one. */
export const FIGURE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The prose under the front matter, in words: enough to say something, short enough to read at a glance. */
export const FIGURE_TEXT_WORDS = { min: 60, max: 120 } as const;

const share = z.number().min(0).max(1);

/**
 * Where the work says what the text claims: a passage (book and line, act
 * and scene, or chapter), a colon, and the claim it bears out, e.g.
 * "Book 6, lines 447–449: Hector knows that Troy will fall".
 */
export const FIGURE_SOURCE = /^[^:]+\d[^:]*: \S/;

const source = z
  .string()
  .trim()
  .max(200)
  .regex(
    FIGURE_SOURCE,
    'a source reads "passage: claim", and the passage holds a number (book, line, act, scene or chapter)',
  );

export const figureSchema = z.strictObject({
  name: z.string().trim().min(1).max(60),
  work: z.string().trim().min(1).max(80),
  author: z.string().trim().min(1).max(60),
  /** The figure's place, read the way the results page reads a visitor's totals. */
  shares: z.strictObject({ love: share, duty: share, honor: share, reason: share }),
  /** One short line on where they sit. */
  line: z.string().trim().min(1).max(120),
  /** The passages behind the text's claims about the plot; a figure without them does not build. */
  sources: z.array(source).min(1, 'a figure needs its sources: the passage for each claim about the plot'),
});

export type FigureData = z.infer<typeof figureSchema>;

/** How many words a text holds, counted the way a reader would. */
export function wordCount(text: string): number {
  return text.split(/\s+/).filter((w) => /\p{L}|\p{N}/u.test(w)).length;
}

/**
 * What the results screen needs of a figure: enough to name it, place it and
 * link to its entry, without its text. The build hands these to the browser
 * as the module "virtual:figure-summaries" (src/figures/summaries.ts).
 */
export interface FigureSummary extends Pick<FigureData, 'name' | 'work' | 'author' | 'shares' | 'line'> {
  readonly slug: string;
}
