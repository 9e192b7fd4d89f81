/**
 * The SQL lint findings looked at and kept, each with why it stays. A
 * finding of `npm run lint:sql` (scripts/lint-sql.ts) or of `supabase db
 * lint` (scripts/supabase-cli.ts) not listed here fails its test; fix it, or
 * list it here with its reason.
 */

export interface KnownFinding {
  /** The linter's rule, as it names it. */
  rule: string;
  /** The file and line, or the object a database lint names. */
  where: string;
  reason: string;
}

const RLS_WITHOUT_POLICY =
  'deliberate: row level security on and no policy means the API roles read and write nothing directly; every access goes through the API functions, whose security definer bodies live in private';
const UNUSED_INDEX = 'a fresh database has run no query yet; the limits and the insights sample read through it';

export const KNOWN_FINDINGS: readonly KnownFinding[] = [
  {
    rule: 'syntax',
    where: 'supabase/schemas/20_limits.sql:111',
    reason:
      "false positive: the language server's parser gives up on private.prune_client_events, a `language sql` body of two statements, which PostgreSQL accepts",
  },
  // private.summary_means and private.summary_extremes, in the schema and in the migration that gave them the results scale.
  ...[
    'supabase/schemas/60_insights.sql:8',
    'supabase/schemas/60_insights.sql:23',
    'supabase/migrations/20261207060000_results_scale.sql:62',
    'supabase/migrations/20261207060000_results_scale.sql:77',
  ].map((where) => ({
    rule: 'typecheck',
    where,
    reason:
      'false positive: the checker does not resolve `s.respondents` where `s` is the row-typed parameter; PostgreSQL runs it (tests/db/insights.test.ts)',
  })),
  // 20261207060000 adds the results screen's denominators to the one-row scoring_constants, fills them and makes
  // them required, then replaces the functions that read them: one transaction, on a table of one row that only
  // the reference data writes, so no save waits on its lock for longer than the migration's few statements.
  ...[10, 208].map((line) => ({
    rule: 'lint/safety/lockTimeoutWarning',
    where: `supabase/migrations/20261207060000_results_scale.sql:${line}`,
    reason: 'public.scoring_constants is one row that only migrations write; nothing queues behind its lock',
  })),
  ...[17, 18, 34, 35, 60, 61, 75, 76, 93, 166, 205, 208].map((line) => ({
    rule: 'lint/safety/runningStatementWhileHoldingAccessExclusive',
    where: `supabase/migrations/20261207060000_results_scale.sql:${line}`,
    reason:
      'the functions that read the new columns must see them, so they follow the ALTER while it holds the lock on the one-row scoring_constants',
  })),
  {
    rule: 'lint/safety/banUpdateWithoutWhere',
    where: 'supabase/migrations/20261207060000_results_scale.sql:205',
    reason:
      'public.scoring_constants holds exactly one row (its key is a boolean checked true): the update is of that row',
  },
  {
    rule: 'lint/safety/multipleAlterTable',
    where: 'supabase/migrations/20261207060000_results_scale.sql:208',
    reason: 'the columns are added, filled, then made required: the NOT NULL needs the values the update writes',
  },
  // The language server checks each migration against the final schema: these wrappers of 20261126200000
  // call the hidden page's bodies by the signatures 20261127100000 replaced, which existed when they ran.
  ...[72, 111, 159].map((line) => ({
    rule: 'typecheck',
    where: `supabase/migrations/20261126200000_privacy_operations.sql:${line}`,
    reason:
      'history: the signature it calls was current when the migration ran; 20261127100000 replaced it (a key argument)',
  })),
  {
    rule: 'typecheck',
    where: 'supabase/migrations/20261126200000_privacy_operations.sql:27',
    reason:
      'history: private.answer_shares_json() existed when the migration ran; 20261207224000 replaced it with answer_shares_json(published boolean)',
  },
  {
    rule: 'lint/safety/banDropTable',
    where: 'supabase/migrations/20261127100000_hidden_page_gate.sql:22',
    reason:
      'deliberate: private.client_events held addresses and exact times; no client reads it, and the view of the same name that replaces it keeps its columns',
  },
  {
    rule: 'typecheck',
    where: 'supabase/migrations/20261126100000_withdraw.sql:237',
    reason:
      "applied history checked against today's functions: that public.submit_response passed a text name to the private one, which takes JSON since 20261127200000",
  },
  {
    rule: 'typecheck',
    where: 'supabase/migrations/20261127200100_sealed_answers.sql:16',
    reason:
      'false positive: the checker reads each statement alone, so it does not know the temporary table the statement before creates',
  },
  {
    rule: 'lint/safety/banTruncate',
    where: 'supabase/migrations/20261127200100_sealed_answers.sql:13',
    reason:
      'deliberate: the rows, sealed, are written back from a temporary copy; TRUNCATE gives the table a new file, so the answers in the clear leave the disk at commit instead of staying as dead rows',
  },
  {
    rule: 'lint/safety/banDropColumn',
    where: 'supabase/migrations/20261127200100_sealed_answers.sql:14',
    reason: 'deliberate: the answers in the clear are what the change removes; only the definers read the table',
  },
  // The functions that read the new column are created with it, in the same transaction, and the lock timeout reset.
  ...[11, 12, 23, 24, 46].map((line) => ({
    rule: 'lint/safety/runningStatementWhileHoldingAccessExclusive',
    where: `supabase/migrations/20261128051000_vacuum_due_until_unseen.sql:${line}`,
    reason:
      'private.vacuum_due is a row per table, read only by the hourly run; its functions must see the new column, so they follow it while it is locked',
  })),
  {
    rule: 'lint/safety/runningStatementWhileHoldingAccessExclusive',
    where: 'supabase/migrations/20261127200100_sealed_answers.sql:15',
    reason:
      'the sealed rows go back while the table is locked, so no withdrawal sees it empty; one row per withdrawable response, written once',
  },
  {
    rule: 'lint/safety/banDropColumn',
    where: 'supabase/migrations/20261127200200_tallies_keep_no_time.sql:6',
    reason:
      "deliberate: the time of the last change of each tally named the latest respondent's answers; no API function returned it",
  },
  ...[
    'private.client_address_key',
    'private.client_event_counts',
    'private.clock',
    'private.group_members',
    'private.groups',
    'private.hidden_page_keys',
    'private.limits',
    'private.password_lockouts',
    'private.publication',
    'private.published_answer_counts',
    'private.published_quadrants',
    'private.published_summary',
    'private.settings',
    'private.vacuum_due',
    'private.withdrawable_answers',
    'private.withdrawable_answers_recent',
    'private.withdrawn_submissions',
    'public.answer_counts',
    'public.answer_scores',
    'public.hidden_page_secret',
    'public.response_quadrants',
    'public.response_summary',
    'public.responses',
    'public.scoring_constants',
  ].map((table) => ({ rule: 'splinter/security/rlsEnabledNoPolicy', where: table, reason: RLS_WITHOUT_POLICY })),
  ...['client_event_counts_kind_idx', 'group_members_response_id_idx', 'responses_sample_key_idx'].map((index) => ({
    rule: 'splinter/performance/unusedIndex',
    where: index,
    reason: UNUSED_INDEX,
  })),
];

export interface Finding {
  rule: string;
  where: string;
  message: string;
}

const same = (a: Pick<Finding, 'rule' | 'where'>, b: Pick<Finding, 'rule' | 'where'>) =>
  a.rule === b.rule && a.where === b.where;

/** The findings no known one explains. */
export function unknownFindings<F extends Finding>(findings: readonly F[], known = KNOWN_FINDINGS): F[] {
  return findings.filter((f) => !known.some((k) => same(k, f)));
}

/** The known findings of these rules that the lint no longer reports: fixed, so their entry goes. */
export function staleFindings(
  findings: readonly Finding[],
  rules: readonly string[],
  known = KNOWN_FINDINGS,
): KnownFinding[] {
  return known.filter((k) => rules.includes(k.rule) && !findings.some((f) => same(k, f)));
}
