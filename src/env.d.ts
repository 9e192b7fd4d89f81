interface ImportMetaEnv {
  /** A hosted Supabase project's URL; unset, the site uses its own origin. */
  readonly PUBLIC_SUPABASE_URL?: string;
  /** That project's anon (public) key. */
  readonly PUBLIC_SUPABASE_ANON_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

declare module 'virtual:figure-summaries' {
  /** Every literary figure without its text, in file-name order (src/integrations/figure-summaries.ts). */
  const figures: readonly import('./figures/schema.ts').FigureSummary[];
  export default figures;
}
