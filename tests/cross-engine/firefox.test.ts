/** The visitor's flows in Firefox ESR, driven over WebDriver BiDi. */
import { FIREFOX } from '../support/cross-engine/engines.ts';
import { FLOWS } from '../support/cross-engine/flows.ts';
import { describeEngine } from '../support/cross-engine/suite.ts';

describeEngine(FIREFOX, FLOWS);
