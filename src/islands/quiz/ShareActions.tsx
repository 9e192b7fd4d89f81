import { useStore } from '@nanostores/react';
import { useState, type RefObject } from 'react';
import { shareUrl } from '../../lib/share-link.ts';
import { SITE_NAME } from '../../core/site.ts';
import { $answers } from '../../stores/quiz.ts';
import styles from './ResultsScreen.module.css';

const IMAGE_NAME = `${SITE_NAME.toLowerCase().replaceAll(' ', '-')}.png`;

function downloadCanvas(canvas: HTMLCanvasElement): Promise<void> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => {
      if (!blob) return reject(new Error('The chart could not be turned into an image'));
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = IMAGE_NAME;
      link.hidden = true;
      document.body.append(link);
      link.click();
      link.remove();
      // Revoked later: the download reads the blob after this handler returns.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      resolve();
    }, 'image/png');
  });
}

interface Props {
  canvasRef: RefObject<HTMLCanvasElement | null>;
  canSaveImage: boolean;
}

/** A link that reopens this result, and the result chart as a PNG. */
export default function ShareActions({ canvasRef, canSaveImage }: Props) {
  const answers = useStore($answers);
  const [status, setStatus] = useState('');
  const link = shareUrl(globalThis.location?.origin ?? 'http://localhost', answers);

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
      await downloadCanvas(canvas);
      setStatus('Image saved.');
    } catch (error) {
      console.error('Error saving the result image', error);
      setStatus('The image could not be saved.');
    }
  }

  return (
    <div className={styles.share}>
      <label htmlFor="quiz-share-link" className={styles.shareLabel}>
        Link to this result
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
        <button type="button" className="btn" onClick={copyLink}>
          Copy link
        </button>
      </div>
      <button type="button" className="btn" onClick={saveImage} disabled={!canSaveImage}>
        Save image
      </button>
      <p className={styles.status} role="status">
        {status}
      </p>
    </div>
  );
}
