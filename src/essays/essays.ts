import { getCollection, type CollectionEntry } from 'astro:content';

export type ValueEssay = CollectionEntry<'values'>;

/** The four value essays in their reading order (frontmatter `order`). */
export async function getValueEssays(): Promise<ValueEssay[]> {
  const essays = await getCollection('values');
  return essays.sort((a, b) => a.data.order - b.data.order);
}

/** The About text; there is exactly one. */
export async function getAboutText(): Promise<CollectionEntry<'about'>> {
  const [about, ...rest] = await getCollection('about');
  if (!about || rest.length > 0) throw new Error('src/content/about must hold exactly one Markdown file');
  return about;
}

/** Where an essay is published as its own page. */
export function essayPath(essay: ValueEssay): string {
  return `/values/${essay.id}`;
}
