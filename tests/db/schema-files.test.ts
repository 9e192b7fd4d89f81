/**
 * supabase/schemas says each thing once: no run of six or more lines
 * appears twice, except in the generated data (the JSON rows of
 * 90_reference_data.sql). Blank lines do not count.
 */
import { expect, it } from 'vitest';
import { readSchemaFiles } from '../../server/db/schema.ts';

const RUN = 6;

/** Lines that are data rows, not definitions. */
const isDataRow = (line: string) => /^\{"[a-z_]+":/.test(line);

it('repeats no run of six lines within supabase/schemas', () => {
  const lines = readSchemaFiles().flatMap((file) =>
    file.sql
      .split('\n')
      .map((text, i) => ({ where: `${file.name}:${i + 1}`, text: text.trim() }))
      .filter((l) => l.text !== '' && !isDataRow(l.text)),
  );
  const seen = new Map<string, string>();
  const repeated: string[] = [];
  for (let i = 0; i + RUN <= lines.length; i++) {
    const key = lines
      .slice(i, i + RUN)
      .map((l) => l.text)
      .join('\n');
    const first = seen.get(key);
    if (first) repeated.push(`${lines[i]!.where} repeats ${first}`);
    else seen.set(key, lines[i]!.where);
  }
  expect(repeated).toEqual([]);
});
