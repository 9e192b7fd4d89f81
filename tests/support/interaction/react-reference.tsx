/**
 * The plain page of references.ts drawn by React 19 instead of by hand: the
 * same heading, four buttons drawn anew under it at each tap, the heading
 * focused. Measured beside it, it tells what any page whose taps go through
 * React pays on this machine, before any code of ours.
 */
import { useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';

function Reference() {
  const [question, setQuestion] = useState(1);
  const heading = useRef<HTMLHeadingElement>(null);
  const drawn = useRef(false);

  useEffect(() => {
    // As the plain page, the heading takes the focus once a tap has drawn a new question.
    if (drawn.current) heading.current?.focus();
    drawn.current = true;
  }, [question]);

  return (
    <>
      <h1 tabIndex={-1} ref={heading}>
        Question {question}
      </h1>
      <div key={question}>
        {[1, 2, 3, 4].map((i) => (
          <button key={i} type="button" onClick={() => setQuestion(question + 1)}>
            Answer {i} to question {question}
          </button>
        ))}
      </div>
    </>
  );
}

const main = document.querySelector('main');
if (main) createRoot(main).render(<Reference />);
