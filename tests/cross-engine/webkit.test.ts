/** The visitor's flows in WebKitGTK, the engine of every iPhone browser, driven through WebKitWebDriver. */
import { WEBKIT } from './support/engines.ts';
import { FLOWS } from './support/flows.ts';
import { describeEngine } from './support/suite.ts';

describeEngine(WEBKIT, FLOWS);
