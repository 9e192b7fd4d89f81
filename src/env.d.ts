declare module 'virtual:figure-summaries' {
  /** Every literary figure without its text, in file-name order (src/figures/summaries.ts). */
  const figures: readonly import('./figures/schema.ts').FigureSummary[];
  export default figures;
}

declare module 'virtual:shared-copy-script' {
  /** The shared result's copy as an inline script (src/speed/integration.ts), and its CSP hash. */
  export const SCRIPT: string;
  export const HASH: `sha256-${string}`;
}

declare namespace astroHTML.JSX {
  interface IntrinsicAttributes {
    /** Hydrates the island once the page has painted (src/speed/client-painted.ts). */
    'client:painted'?: boolean;
  }
}
