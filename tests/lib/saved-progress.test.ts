import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUESTIONS } from '../../src/core/questions.ts';
import type { QuizProgress } from '../../src/core/progress.ts';
import { MemoryStorage } from '../support/memory-storage.ts';

const session = await import('../../src/lib/saved-progress.ts');

const KEY = 'myc.quiz-progress.v1';
const ID = '00000000-0000-4000-8000-000000000007';

/** The i-th answers of the first questions, as the store holds them. */
function answers(indices: number[], seconds: (number | null)[] = indices.map(() => 1.5)) {
  return indices.map((a, q) => {
    const answer = QUESTIONS[q]!.answers[a]!;
    return { questionId: QUESTIONS[q]!.id, answerText: answer.text, scores: answer.scores, seconds: seconds[q]! };
  });
}

const MIDWAY: QuizProgress = { screen: 'question', name: 'Ada', answers: answers([0, 4, 2]), submissionId: null };
const FINISHED: QuizProgress = {
  screen: 'results',
  name: 'Ada',
  answers: answers([0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 0, 1]),
  submissionId: ID,
};

let storage: MemoryStorage;

beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('sessionStorage', storage);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** What readProgress makes of the stored form of `progress` after `change`. */
function readChanged(progress: QuizProgress, change: (saved: Record<string, unknown>) => void): QuizProgress | null {
  const saved = JSON.parse(JSON.stringify(session.toSaved(progress))) as Record<string, unknown>;
  change(saved);
  return session.readProgress(saved);
}

describe('the quiz progress kept for the session', () => {
  it('writes and reads back progress midway and finished, scores from the core, seconds kept', () => {
    session.writeSession(MIDWAY);
    expect(JSON.parse(storage.getItem(KEY)!)).toEqual({
      screen: 'question',
      name: 'Ada',
      answers: MIDWAY.answers.map(({ questionId, answerText, seconds }) => ({ questionId, answerText, seconds })),
      submissionId: null,
    });
    expect(session.readSession()).toEqual(MIDWAY);
    session.writeSession(FINISHED);
    expect(session.readSession()).toEqual(FINISHED);
  });

  it('the intro is nothing to keep: writing it forgets what was kept', () => {
    session.writeSession(MIDWAY);
    session.writeSession({ screen: 'intro', name: '', answers: [], submissionId: null });
    expect(storage.getItem(KEY)).toBeNull();
    expect(session.readSession()).toBeNull();
  });

  it('ignores text that is not JSON, or JSON that is not progress', () => {
    for (const text of ['{not json', '', 'null', '42', '"question"', '[]', '{}']) {
      storage.setItem(KEY, text);
      expect(session.readSession()).toBeNull();
    }
  });

  it('refuses stored progress that this quiz could not have made', () => {
    const broken: [string, (s: Record<string, unknown>) => void][] = [
      ['an unknown screen', (s) => (s.screen = 'bonus')],
      ['a name that is not text', (s) => (s.name = 7)],
      ['a name longer than the database takes', (s) => (s.name = 'x'.repeat(51))],
      ['an untrimmed name', (s) => (s.name = ' Ada')],
      ['answers that are not a list', (s) => (s.answers = 'all')],
      [
        'an answer that is not on its question',
        (s) => ((s.answers as { answerText: string }[])[1]!.answerText = 'Maybe'),
      ],
      ['answers out of order', (s) => (s.answers as unknown[]).reverse()],
      ['an answer of another question', (s) => ((s.answers as { questionId: number }[])[0]!.questionId = 999)],
      ['negative seconds', (s) => ((s.answers as { seconds: number }[])[0]!.seconds = -1)],
      ['seconds that are not a number', (s) => ((s.answers as { seconds: unknown }[])[0]!.seconds = '3')],
      ['a submission id before the end', (s) => (s.submissionId = ID)],
      ['the name screen with answers', (s) => (s.screen = 'name')],
      ['the results with 3 answers', (s) => (s.screen = 'results')],
    ];
    for (const [what, change] of broken) expect(readChanged(MIDWAY, change), what).toBeNull();
    expect(readChanged(MIDWAY, () => {})).toEqual(MIDWAY);
  });

  it('a finished quiz needs its submission id, and test mode has none', () => {
    expect(readChanged(FINISHED, (s) => (s.submissionId = null))).toBeNull();
    expect(readChanged(FINISHED, (s) => (s.submissionId = 'not-a-uuid'))).toBeNull();
    expect(readChanged(FINISHED, (s) => (s.name = '123'))).toBeNull();
    expect(readChanged(FINISHED, (s) => ((s.name = '123'), (s.submissionId = null)))).toEqual({
      ...FINISHED,
      name: '123',
      submissionId: null,
    });
  });

  it('stored scores are never read: they come from the core', () => {
    const tampered = {
      ...session.toSaved(MIDWAY),
      answers: MIDWAY.answers.map((a) => ({ ...a, scores: { love: 99 } })),
    };
    expect(session.readProgress(tampered)).toEqual(MIDWAY);
  });

  it('blocked storage keeps nothing and throws nothing', () => {
    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => {},
    });
    expect(() => session.writeSession(MIDWAY)).not.toThrow();
    expect(session.readSession()).toBeNull();
  });
});

describe('the friend a quiz is compared with, kept for the session', () => {
  const FRIEND_KEY = 'myc.quiz-friend.v1';
  const FRIEND = {
    name: 'Rhea',
    answers: answers([4, 3, 2, 1, 0, 4, 3, 2, 1, 0, 3, 3]).map(({ questionId, answerText, scores }) => ({
      questionId,
      answerText,
      scores,
    })),
  };

  /** What readFriendSession makes of the stored friend after `change`. */
  function readChangedFriend(change: (saved: { code: unknown; name: unknown }) => void) {
    session.writeFriendSession(FRIEND);
    const saved = JSON.parse(storage.getItem(FRIEND_KEY)!) as { code: unknown; name: unknown };
    change(saved);
    storage.setItem(FRIEND_KEY, JSON.stringify(saved));
    return session.readFriendSession();
  }

  it('keeps the share code of the answers, no scores, reads them again from the core, and forgets on null', () => {
    session.writeFriendSession(FRIEND);
    expect(JSON.parse(storage.getItem(FRIEND_KEY)!)).toEqual({ code: '432104321033', name: 'Rhea' });
    expect(session.readFriendSession()).toEqual(FRIEND);
    session.writeFriendSession({ ...FRIEND, name: null });
    expect(session.readFriendSession()).toEqual({ ...FRIEND, name: null });
    session.writeFriendSession(null);
    expect(storage.getItem(FRIEND_KEY)).toBeNull();
    expect(session.readFriendSession()).toBeNull();
  });

  it('reads back nothing but a finished result under a name a link could carry', () => {
    expect(readChangedFriend((s) => (s.code = '43210432103'))).toBeNull();
    expect(readChangedFriend((s) => (s.code = '432194321033'))).toBeNull();
    expect(readChangedFriend((s) => (s.code = 432104321033))).toBeNull();
    expect(readChangedFriend((s) => (s.name = '<b>Rhea</b>'))).toBeNull();
    expect(readChangedFriend((s) => (s.name = ' Rhea'))).toBeNull();
    expect(readChangedFriend((s) => (s.name = 7))).toBeNull();
    storage.setItem(FRIEND_KEY, '{not json');
    expect(session.readFriendSession()).toBeNull();
  });
});
