import { SITE_NAME } from '../../core/site.ts';
import { startQuiz } from '../../stores/quiz.ts';
import './quiz.css';

export default function IntroScreen() {
  return (
    <section className="quiz-screen quiz-intro" aria-labelledby="quiz-intro-title">
      <h1 id="quiz-intro-title" className="quiz-title" tabIndex={-1} data-autofocus>
        {SITE_NAME}
      </h1>
      <p className="quiz-tagline">{SITE_NAME}</p>
      <p className="quiz-lede">Twelve questions between Love, Duty, Honor and Reason.</p>
      <button type="button" className="quiz-primary" onClick={startQuiz}>
        Start Quiz
      </button>
    </section>
  );
}
