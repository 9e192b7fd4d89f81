/**
 * A result as a short link: "/r/<cell>?r=" followed by one digit per
 * question, the position of the chosen answer in that question's list, and
 * optionally a first name the sharer chose to show ("&n="). A comparison
 * carries a second result, the friend's, the same way ("&f=", "&fn=").
 *   /r/<cell>?r=<code>&n=<name>                   one result
 *   /r/<cell>?r=<code>&n=<name>&f=<code>&fn=<name>  a comparison
 * The path names the sharer's cell of the map (core/map.ts), a pre-rendered
 * page whose preview card draws that cell; it shows the same quiz as "/",
 * which opens the query exactly as it opens the first links, "/?r=...".
 * The link holds nothing else: no stored id, no score, nothing that reaches
 * the backend, and the card knows no name.
 *
 * Reading a link never throws. A part that is broken or tampered with is
 * dropped and the rest kept; with no valid result left, there is no link.
 */
import { CELL_PAGES, cellFromSlug, cellOf, cellPath, type MapCell } from '../core/map.ts';
import { QUESTIONS } from '../core/questions.ts';
import { resultPosition, type GivenAnswer } from '../core/scoring.ts';
import { totalsOf } from '../core/totals.ts';
import type { NamedResult } from '../core/result.ts';

/** The query parameters of a share link. */
const SHARE_PARAMS = {
  /** The sharer's answers, one digit per question. */
  code: 'r',
  /** The first name the sharer chose to show, if any. */
  name: 'n',
  /** In a comparison, the friend's answers... */
  friendCode: 'f',
  /** ...and the friend's first name, if any. */
  friendName: 'fn',
} as const;

/** Whether an address's query carries any part of a share link. */
export function hasShareParams(search: string | URLSearchParams): boolean {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return Object.values(SHARE_PARAMS).some((p) => params.has(p));
}

/** Longest first name a link carries, in characters as a reader counts them (code points). */
export const SHARE_NAME_MAX_LENGTH = 40;

type Answers = readonly Pick<GivenAnswer, 'questionId' | 'answerText'>[];

/** What a link holds: the sharer's result, and with a friend's, the friend's laid beside it. */
interface SharedLink {
  readonly sharer: NamedResult;
  readonly friend: NamedResult | null;
}

/** The code of a complete answer set; throws if the answers are not one per question in order. */
export function encodeShareCode(answers: Answers): string {
  if (answers.length !== QUESTIONS.length) {
    throw new Error(`A share code needs ${QUESTIONS.length} answers, got ${answers.length}`);
  }
  return QUESTIONS.map((q, i) => {
    const given = answers[i];
    const index = given && given.questionId === q.id ? q.answers.findIndex((a) => a.text === given.answerText) : -1;
    if (index < 0) throw new Error(`Answer ${i + 1} does not belong to question ${q.id}`);
    return String(index);
  }).join('');
}

/** The answers a code stands for, or null unless it is exactly one valid digit per question. */
export function decodeShareCode(code: string): GivenAnswer[] | null {
  if (code.length !== QUESTIONS.length || !/^[0-9]+$/.test(code)) return null;
  const answers: GivenAnswer[] = [];
  for (const [i, q] of QUESTIONS.entries()) {
    const answer = q.answers[Number(code[i])];
    if (!answer) return null;
    answers.push({ questionId: q.id, answerText: answer.text, scores: answer.scores });
  }
  return answers;
}

/** The cell of the map where a complete answer set's dot falls; throws as encodeShareCode does. */
export function cellOfAnswers(answers: Answers): MapCell {
  // Through the code, so that the scores come from the questions, not from whoever passed the answers.
  const scored = decodeShareCode(encodeShareCode(answers)) ?? [];
  return cellOf(resultPosition(totalsOf(scored)));
}

// Markup, control characters, text-direction overrides (which could make a name
// read as something else around it) and U+FFFD, what a broken %-encoding decodes to.
const FORBIDDEN_IN_NAME = /[<>\p{Cc}\u202A-\u202E\u2066-\u2069\uFFFD]/u;

/**
 * Why a first name cannot go into a link, in words for the sharer, or null
 * when it can. An empty name can: it means no name.
 */
export function shareNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if ([...trimmed].length > SHARE_NAME_MAX_LENGTH)
    return `A name in a link can be at most ${SHARE_NAME_MAX_LENGTH} characters.`;
  if (/[<>]/.test(trimmed)) return 'A name in a link cannot contain < or >.';
  if (FORBIDDEN_IN_NAME.test(trimmed)) return 'A name in a link cannot contain control characters.';
  return null;
}

/** A name as a link carries it: trimmed, and null for none. */
function linkName(name: string | null | undefined): string | null {
  const trimmed = name?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

interface ShareOptions {
  /** The first name the sharer chose to show; empty or null for none. */
  name?: string | null;
  /** In a comparison, the friend's result and name. */
  friend?: { answers: Answers; name?: string | null };
}

/**
 * The full address of the link for a result, on the given origin. Throws,
 * saying why, for an incomplete answer set or a name shareNameProblem refuses.
 */
export function shareUrl(origin: string, answers: Answers, options: ShareOptions = {}): string {
  const url = new URL(cellPath(cellOfAnswers(answers)), origin);
  const put = (codeParam: string, nameParam: string, part: Answers, rawName: string | null | undefined) => {
    url.searchParams.set(codeParam, encodeShareCode(part));
    const problem = shareNameProblem(rawName ?? '');
    if (problem) throw new Error(problem);
    const name = linkName(rawName);
    if (name !== null) url.searchParams.set(nameParam, name);
  };
  put(SHARE_PARAMS.code, SHARE_PARAMS.name, answers, options.name);
  if (options.friend)
    put(SHARE_PARAMS.friendCode, SHARE_PARAMS.friendName, options.friend.answers, options.friend.name);
  return url.href;
}

function readPart(params: URLSearchParams, codeParam: string, nameParam: string): NamedResult | null {
  const code = params.get(codeParam);
  const answers = code === null ? null : decodeShareCode(code);
  if (!answers) return null;
  const raw = params.get(nameParam);
  return { answers, name: raw === null || shareNameProblem(raw) ? null : linkName(raw) };
}

/**
 * What the query of an address holds ("?r=...", or its URLSearchParams), or
 * null when it holds no valid result. A bad name is dropped, a bad result
 * with it; when only the friend's part of a comparison is valid, it stands
 * alone as a shared result.
 */
export function readShareLink(search: string | URLSearchParams): SharedLink | null {
  try {
    const params = typeof search === 'string' ? new URLSearchParams(search) : search;
    const sharer = readPart(params, SHARE_PARAMS.code, SHARE_PARAMS.name);
    const friend = readPart(params, SHARE_PARAMS.friendCode, SHARE_PARAMS.friendName);
    if (sharer) return { sharer, friend };
    return friend ? { sharer: friend, friend: null } : null;
  } catch {
    // A link is something a stranger typed: whatever goes wrong, it is no link.
    return null;
  }
}

/** What can be wrong with the share link a page was opened with. */
export type LinkProblem = 'no-result' | 'unreadable' | 'altered';

/**
 * What is wrong with the link at an address opened on "/" or on a shared
 * result's cell page (/r/<cell>), or null when it holds a result or is no
 * share link at all. A cell page whose query holds no result, a query that
 * reads as no result, and a result that falls in another cell than the
 * page's (the link was altered) are problems.
 */
export function problemOf(search: string, pathname: string): LinkProblem | null {
  const page = pathname.startsWith(CELL_PAGES) ? cellFromSlug(pathname.slice(CELL_PAGES.length)) : null;
  if (!hasShareParams(search)) return page ? 'no-result' : null;
  const link = readShareLink(search);
  if (!link) return 'unreadable';
  if (!page) return null;
  const cell = cellOfAnswers(link.sharer.answers);
  return cell.col === page.col && cell.row === page.row ? null : 'altered';
}
