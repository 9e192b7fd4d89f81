/**
 * The parts of Chart.js our charts draw with, imported one by one and
 * registered: only these end up in the chart chunk. Passing the whole module
 * on (`import * as`) would keep every controller, scale and plugin in it.
 */
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  PieController,
  PointElement,
  ScatterController,
  Tooltip,
} from 'chart.js';
import { CHART_FONT_FAMILY } from './palette.ts';

Chart.register(
  BarController,
  BarElement,
  PieController,
  ArcElement,
  ScatterController,
  PointElement,
  LinearScale,
  CategoryScale,
  Legend,
  Tooltip,
);

// The site's serif in every label, legend and tooltip a chart does not set itself.
Chart.defaults.font.family = CHART_FONT_FAMILY;

export { Chart };
