// The inline script's entry: the copy is the element the script sits in (SharedResultCopy.astro).
import { paintSharedCopy } from './shared-copy.ts';

const copy = document.currentScript?.parentElement;
if (copy) paintSharedCopy(copy, globalThis.location);
