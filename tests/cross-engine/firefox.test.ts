/** The visitor's flows in Firefox ESR, driven over WebDriver BiDi. */
import { FIREFOX } from './support/engines.ts';
import { FLOWS } from './support/flows.ts';
import { describeEngine } from './support/suite.ts';

describeEngine(FIREFOX, FLOWS);
