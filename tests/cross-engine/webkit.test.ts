/** The visitor's flows in WebKitGTK, the engine of every iPhone browser, driven through WebKitWebDriver. */
import { WEBKIT } from '../support/cross-engine/engines.ts';
import { FLOWS } from '../support/cross-engine/flows.ts';
import { describeEngine } from '../support/cross-engine/suite.ts';

describeEngine(WEBKIT, FLOWS);
