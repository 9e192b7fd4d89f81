import { useLayoutEffect, useRef, type MouseEvent, type ReactNode, type SyntheticEvent } from 'react';
import styles from './OverlayDialog.module.css';

interface Props {
  id: string;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Extra actions beside "close.". */
  actions?: ReactNode;
}

/**
 * A modal dialog on the native <dialog>: showModal() gives the focus move, the
 * inert page behind and Escape; the store, not the element, decides when it
 * closes, so Escape and the backdrop only ask onClose.
 */
export default function OverlayDialog({ id, title, onClose, children, actions }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = `${id}-title`;

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
    };
  }, []);

  // Escape: keep the element open until the store says otherwise.
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    onClose();
  };

  // A click on the dialog element itself landed on the backdrop: the panel fills the box.
  const onBackdropClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onClose();
  };

  return (
    // A click on the backdrop is a pointer's shortcut: Escape (onCancel) and the two close buttons are the keyboard's.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      id={id}
      className={styles.dialog}
      aria-modal="true"
      aria-labelledby={titleId}
      onCancel={onCancel}
      onClose={onClose}
      onClick={onBackdropClick}
    >
      <div className={styles.panel}>
        <div className={styles.head}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.x} aria-label="Close" onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div>{children}</div>
        <p className={styles.foot}>
          {actions}
          <button type="button" className="link-button" onClick={onClose}>
            close.
          </button>
        </p>
      </div>
    </dialog>
  );
}
