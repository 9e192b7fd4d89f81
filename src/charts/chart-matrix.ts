/** Chart.js with the matrix controller as well: only the insights heatmap needs it. */
import { MatrixController, MatrixElement } from 'chartjs-chart-matrix';
import { Chart } from './chart-core.ts';

Chart.register(MatrixController, MatrixElement);

export { Chart };
