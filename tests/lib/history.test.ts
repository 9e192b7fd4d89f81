/**
 * The quiz's history against a browser made of plain objects: a list of
 * entries with the one on screen, and popstate on Back and Forward, the way
 * a browser moves through them. The progress followed is a plain atom.
 */
import { atom } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUESTIONS } from '../../src/core/questions.ts';
import { START, TEST_MODE_NAME, type QuizProgress } from '../../src/core/progress.ts';
import type { NamedResult } from '../../src/core/result.ts';
import { quizHistory, type Browser, type FollowedQuiz, type QuizHistory } from '../../src/lib/history.ts';
import { readFriendSession, readProgress, readSession } from '../../src/lib/saved-progress.ts';
import { MemoryStorage } from '../support/memory-storage.ts';

interface FakeEntry {
  state: unknown;
  url: string;
}

/** A tab: its entries, the one on screen, and what a page there listens to. */
class FakeTab implements Browser {
  entries: FakeEntry[] = [{ state: null, url: '/' }];
  index = 0;
  reloads = 0;
  private listeners: ((event: { readonly state: unknown }) => void)[] = [];

  readonly location = {
    search: '',
    reload: () => {
      this.reloads += 1;
    },
  };

  readonly history: Browser['history'];

  constructor() {
    // The history object's getter and methods have a `this` of their own: the tab is named once here.
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const tab = this;
    this.history = {
      get state(): unknown {
        return tab.entries[tab.index]!.state;
      },
      pushState(state: unknown, _title: string, url?: string | URL | null) {
        // As a browser does: the entries ahead are dropped.
        tab.entries.splice(tab.index + 1);
        tab.entries.push({ state: structuredClone(state), url: String(url ?? tab.entries[tab.index]!.url) });
        tab.index += 1;
      },
      replaceState(state: unknown) {
        tab.entries[tab.index] = { ...tab.entries[tab.index]!, state: structuredClone(state) };
      },
      back: () => tab.go(-1),
    };
  }

  /** Another page loads in this tab: the last one's listeners are gone. */
  newPage(): void {
    this.listeners = [];
  }

  readonly addEventListener = (_type: 'popstate', listener: (event: { readonly state: unknown }) => void): void => {
    this.listeners.push(listener);
  };

  /** The browser's Back (-1) and Forward (+1). */
  go(delta: number): void {
    const next = this.index + delta;
    if (next < 0 || next >= this.entries.length) throw new Error(`No entry ${delta} from ${this.index}`);
    this.index = next;
    for (const listener of this.listeners) listener({ state: this.entries[next]!.state });
  }

  /** The progress each entry holds (null for one without), and whether its Back is the previous step. */
  steps(): { progress: QuizProgress | null; back: boolean }[] {
    return this.entries.map(({ state }) => {
      const { quiz, back } = (state ?? {}) as { quiz?: unknown; back?: boolean };
      return { progress: readProgress(quiz), back: back === true };
    });
  }
}

/** The quiz as the history module sees it: a progress, shown as an entry says. */
function plainQuiz(shared = false) {
  const $progress = atom<QuizProgress>(START);
  const $friend = atom<NamedResult | null>(null);
  return {
    $progress,
    show: (progress: QuizProgress) => $progress.set(progress),
    isShared: () => shared,
    $friend,
    keepFriend: (friend: NamedResult | null) => $friend.set(friend),
  } satisfies FollowedQuiz;
}

const NAME = { ...START, screen: 'name' } as const satisfies QuizProgress;

/** The question screen after the answers at these positions (one per question, in order). */
function question(picks: number[], name = 'Ada'): QuizProgress {
  const answers = picks.map((pick, i) => {
    const q = QUESTIONS[i]!;
    const a = q.answers[pick]!;
    return { questionId: q.id, answerText: a.text, scores: a.scores, seconds: 1 };
  });
  return { screen: 'question', name, answers, submissionId: null };
}

/** A friend's result, as a link carries it. */
function friendOf(picks: number[], name: string | null): NamedResult {
  return {
    answers: question(picks).answers.map(({ questionId, answerText, scores }) => ({ questionId, answerText, scores })),
    name,
  };
}

function finished(picks: number[]): QuizProgress {
  return { ...question(picks, TEST_MODE_NAME), screen: 'results' };
}

const ALL = QUESTIONS.map((_, i) => i % 3);

let tab: FakeTab;
let history: QuizHistory;

/** A page opened in `tab`, following `quiz` from its first step. */
function open(quiz: FollowedQuiz, resume = false): QuizHistory {
  tab.newPage();
  const h = quizHistory(tab);
  h.follow(quiz, resume);
  return h;
}

beforeEach(() => {
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  tab = new FakeTab();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the quiz history', () => {
  it('pushes one entry per step forward, each holding its step as it was', () => {
    const quiz = plainQuiz();
    history = open(quiz);
    expect(tab.entries).toHaveLength(1);
    quiz.$progress.set(NAME);
    quiz.$progress.set(question([]));
    quiz.$progress.set(question([0]));
    quiz.$progress.set(question([0, 2]));
    expect(tab.steps()).toEqual([
      { progress: START, back: false },
      { progress: NAME, back: true },
      { progress: question([]), back: true },
      { progress: question([0]), back: true },
      { progress: question([0, 2]), back: true },
    ]);
    expect(tab.index).toBe(4);
    expect(readSession()).toEqual(question([0, 2]));
  });

  it('pushes every step passed at once, and replaces the entry when the step on screen changes in place', () => {
    const quiz = plainQuiz();
    quiz.$progress.set(question([1]));
    history = open(quiz);
    // The quiz was already under way when the module loaded: its steps are there all the same.
    expect(tab.steps().map((s) => s.progress)).toEqual([START, NAME, question([]), question([1])]);
    quiz.$progress.set(question([2]));
    expect(tab.entries).toHaveLength(4);
    expect(tab.steps()[3]).toEqual({ progress: question([2]), back: true });
  });

  it("Back undoes the last answer, the browser's and the on-screen one alike", () => {
    const quiz = plainQuiz();
    history = open(quiz);
    for (const p of [NAME, question([]), question([0]), question([0, 1]), question([0, 1, 2])]) quiz.$progress.set(p);

    tab.go(-1);
    expect(quiz.$progress.get()).toEqual(question([0, 1]));
    expect(history.back()).toBe(true);
    expect(quiz.$progress.get()).toEqual(question([0]));
    expect(tab.index).toBe(3);
    expect(readSession()).toEqual(question([0]));
  });

  it('Forward gives the answer back, until a different answer drops the entries ahead', () => {
    const quiz = plainQuiz();
    history = open(quiz);
    for (const p of [NAME, question([]), question([0]), question([0, 1])]) quiz.$progress.set(p);

    tab.go(-1);
    tab.go(-1);
    expect(quiz.$progress.get()).toEqual(question([]));
    tab.go(1);
    expect(quiz.$progress.get()).toEqual(question([0]));

    // A different second answer: the old one ahead is gone.
    quiz.$progress.set(question([0, 3]));
    expect(tab.entries).toHaveLength(5);
    expect(tab.steps()[4]!.progress).toEqual(question([0, 3]));
    expect(() => tab.go(1)).toThrow(/No entry/);
    tab.go(-1);
    tab.go(1);
    expect(quiz.$progress.get()).toEqual(question([0, 3]));
  });

  it('Back from the first question goes to the name, then the intro', () => {
    const quiz = plainQuiz();
    history = open(quiz);
    quiz.$progress.set(NAME);
    quiz.$progress.set(question([], 'Ada'));

    tab.go(-1);
    expect(quiz.$progress.get()).toEqual(NAME);
    tab.go(-1);
    expect(quiz.$progress.get()).toEqual(START);
    // The intro is nothing to keep.
    expect(readSession()).toBeNull();
  });

  it('Home and Start over push the intro and forget the progress and the friend kept in the session', () => {
    const quiz = plainQuiz();
    history = open(quiz);
    const friend = friendOf(ALL, 'Rhea');
    quiz.keepFriend(friend);
    for (const p of [NAME, question([]), question([0])]) quiz.$progress.set(p);
    expect(readFriendSession()).toEqual(friend);

    quiz.keepFriend(null);
    quiz.$progress.set(START);
    expect(tab.steps().at(-1)).toEqual({ progress: START, back: false });
    expect(tab.entries).toHaveLength(5);
    expect(readSession()).toBeNull();
    expect(readFriendSession()).toBeNull();
    // On the intro after Start over there is no previous step to go back to on screen.
    expect(history.back()).toBe(false);
    // The browser's Back still finds the quiz where it was left, as after following a link.
    tab.go(-1);
    expect(quiz.$progress.get()).toEqual(question([0]));
  });

  it('a reload shows its entry again, the friend with it', () => {
    const quiz = plainQuiz();
    history = open(quiz);
    const friend = friendOf(ALL, null);
    quiz.keepFriend(friend);
    for (const p of [NAME, question([]), question([4])]) quiz.$progress.set(p);

    const reloaded = plainQuiz();
    open(reloaded, true);
    expect(reloaded.$progress.get()).toEqual(question([4]));
    expect(reloaded.$friend.get()).toEqual(friend);
    expect(tab.entries).toHaveLength(4);
  });

  it('a page opened afresh resumes the session in its one entry, whose on-screen Back steps back in place', () => {
    const first = plainQuiz();
    open(first);
    for (const p of [NAME, question([]), question([1]), question([1, 1])]) first.$progress.set(p);

    tab = new FakeTab();
    const quiz = plainQuiz();
    history = open(quiz, true);
    expect(quiz.$progress.get()).toEqual(question([1, 1]));
    expect(tab.steps()).toEqual([{ progress: question([1, 1]), back: false }]);

    expect(history.back()).toBe(false);
    // The quiz store then steps back itself; the one entry follows.
    quiz.$progress.set(question([1]));
    expect(tab.steps()).toEqual([{ progress: question([1]), back: false }]);
  });

  it('keeps a finished quiz, and ignores an entry that does not read back as progress', () => {
    const quiz = plainQuiz();
    history = open(quiz);
    quiz.$progress.set(NAME);
    quiz.$progress.set(finished(ALL));
    expect(tab.steps().map((s) => s.progress?.screen)).toEqual([
      'intro',
      'name',
      'question',
      ...ALL.slice(1).map(() => 'question'),
      'results',
    ]);

    tab.entries[tab.index]!.state = {
      quiz: { ...finished(ALL), screen: 'results', name: 'Ada', submissionId: 'not-a-uuid' },
      back: true,
    };
    tab.go(-1);
    tab.go(1);
    expect(quiz.$progress.get()).toEqual(START);
  });

  it('leaves a share link to its address: nothing resumed, nothing kept, its entry reloaded when reached', () => {
    const visitor = plainQuiz();
    open(visitor);
    visitor.$progress.set(NAME);

    tab.location.search = '?r=012340123401';
    const quiz = plainQuiz(true);
    history = open(quiz, true);
    expect(quiz.$progress.get()).toEqual(START);

    history.follow(quiz, false);
    quiz.$progress.set(finished(ALL));
    expect(tab.entries).toHaveLength(2);
    expect(readSession()).toEqual(NAME);

    tab.entries[0]!.state = null;
    tab.go(-1);
    expect(tab.reloads).toBe(1);
  });
});
