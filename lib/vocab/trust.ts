// Why what a project's own `.hookwarden/` files tried to loosen was ignored: one sentence for settings
// (lib/config/project-trust.ts) and patterns (lib/registry/overrides.ts), kept here so that every hook, which loads
// the config, does not also load the override rules only a registry compile needs.

export const UNTRUSTED_PROJECT = "a project's files may not loosen hookwarden (trust the project with trustedProjects in your own config to allow it)";
