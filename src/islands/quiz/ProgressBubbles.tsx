import { QUESTION_COUNT } from '../../core/questions.ts';
import './quiz.css';

/** One bubble per question: filled when answered, ringed for the current one. */
export default function ProgressBubbles({ current }: { current: number }) {
  return (
    <div className="quiz-progress">
      <ol className="quiz-bubbles" aria-hidden="true">
        {Array.from({ length: QUESTION_COUNT }, (_, i) => (
          <li
            key={i}
            className="quiz-bubble"
            data-state={i < current ? 'completed' : i === current ? 'current' : 'upcoming'}
          />
        ))}
      </ol>
      <p className="quiz-progress-text">
        Question {current + 1} of {QUESTION_COUNT}
      </p>
    </div>
  );
}
