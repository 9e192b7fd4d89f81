interface ImportMetaEnv {
  /** A hosted Supabase project's URL; unset, the site uses its own origin. */
  readonly PUBLIC_SUPABASE_URL?: string;
  /** That project's anon (public) key. */
  readonly PUBLIC_SUPABASE_ANON_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
