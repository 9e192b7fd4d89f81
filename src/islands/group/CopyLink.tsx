import { useState } from 'react';

/** A link to hand on, with a Copy button and the sentence that says what it is. */
export function CopyLink({
  label,
  link,
  about,
  testId,
}: {
  label: string;
  link: string;
  about: string;
  testId: string;
}) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div data-testid={testId}>
      <h2>{label}</h2>
      <p>{about}</p>
      <p>
        <input type="text" readOnly value={link} aria-label={label} size={Math.min(link.length, 60)} />{' '}
        <button type="button" className="btn" onClick={() => void copy()}>
          Copy
        </button>{' '}
        <span aria-live="polite">{copied ? 'Copied.' : ''}</span>
      </p>
    </div>
  );
}
