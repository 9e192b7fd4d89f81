import { useStore } from '../../stores/use-store.ts';
import { useState, type RefObject } from 'react';
import { shareNameProblem, shareUrl } from '../../lib/share-link.ts';
import { SITE_NAME } from '../../core/site.ts';
import { $answers } from '../../stores/quiz.ts';
import { $friend, $resultOrigin, $sharedName } from '../../stores/finished.ts';
import styles from './ShareActions.module.css';
import textLines from './text-lines.module.css';
import { saveFile } from '../../lib/save-file.ts';

const IMAGE_NAME = `${SITE_NAME.toLowerCase().replaceAll(' ', '-')}.png`;

function downloadCanvas(canvas: HTMLCanvasElement): Promise<void> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => {
      if (!blob) return reject(new Error('The chart could not be turned into an image'));
      saveFile(blob, IMAGE_NAME);
      resolve();
    }, 'image/png');
  });
}

interface Props {
  canvasRef: RefObject<HTMLCanvasElement | null>;
  canSaveImage: boolean;
  /** The picture saved from the drawn chart (its title and figures around it); the chart alone without. */
  picture?: (chart: HTMLCanvasElement) => HTMLCanvasElement;
}

/**
 * What whoever opens the link sees, said beside the button that copies it:
 * the answers travel in it, a name only when the visitor adds one.
 */
function linkShows(ownResult: boolean, comparison: boolean): string {
  if (!ownResult)
    return 'This link shows what it showed when it was opened: the answers it carries, and a name only if it carried one.';
  return comparison
    ? 'This link shows both maps and both sets of 12 answers, and your first name only if you add it above.'
    : 'This link shows your map and your 12 answers, and your first name only if you add it above.';
}

/**
 * A link that reopens this result, or this comparison with both results,
 * and the result chart as a PNG. The link carries the visitor's first name
 * only when they type one into its field: the name given to the quiz is
 * never put there for them. A result opened from a link is shared on as it
 * came.
 */
export default function ShareActions({ canvasRef, canSaveImage, picture }: Props) {
  const answers = useStore($answers);
  const origin = useStore($resultOrigin);
  const sharedName = useStore($sharedName);
  const friend = useStore($friend);
  const [status, setStatus] = useState('');
  const [nameInput, setNameInput] = useState('');
  // A name the link cannot carry is reported and leaves the link as it was.
  const [linkName, setLinkName] = useState(nameInput);
  const problem = shareNameProblem(nameInput);
  const ownName = origin === 'quiz' ? linkName : sharedName;
  const link = shareUrl(globalThis.location?.origin ?? 'http://localhost', answers, {
    name: ownName,
    friend: friend ? { answers: friend.answers, name: friend.name } : undefined,
  });

  function changeName(value: string) {
    setNameInput(value);
    if (!shareNameProblem(value)) setLinkName(value);
  }

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(link);
      setStatus('Link copied.');
    } catch {
      setStatus('Copy the link from the field above.');
    }
  }

  async function saveImage() {
    const canvas = canvasRef.current;
    if (!canvas) return;
    try {
      await downloadCanvas(picture ? picture(canvas) : canvas);
      setStatus('Image saved.');
    } catch (error) {
      console.error('Error saving the result image', error);
      setStatus('The image could not be saved.');
    }
  }

  return (
    <div className={styles.share}>
      {origin === 'quiz' && (
        <>
          <label htmlFor="quiz-share-name" className={styles.shareLabel}>
            First name shown with the link (optional)
          </label>
          <input
            id="quiz-share-name"
            className={styles.shareInput}
            type="text"
            autoComplete="off"
            value={nameInput}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'quiz-share-name-problem' : undefined}
            onChange={(e) => changeName(e.currentTarget.value)}
          />
          {problem && (
            <p id="quiz-share-name-problem" className={styles.shareError}>
              {problem}
            </p>
          )}
        </>
      )}
      <label htmlFor="quiz-share-link" className={styles.shareLabel}>
        {friend ? 'Link to this comparison' : 'Link to this result'}
      </label>
      <div className={styles.shareInline}>
        <input
          id="quiz-share-link"
          className={styles.shareInput}
          type="url"
          readOnly
          value={link}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" className="btn" onClick={copyLink} aria-describedby="quiz-share-shows">
          Copy link
        </button>
      </div>
      <p id="quiz-share-shows" className={styles.shareNote}>
        {linkShows(origin === 'quiz', friend !== null)}
      </p>
      <button type="button" className="btn" onClick={saveImage} disabled={!canSaveImage}>
        Save image
      </button>
      <p className={textLines.status} role="status">
        {status}
      </p>
    </div>
  );
}
