// Types of router-paths.mjs for the TypeScript tests that import it.
export function routerPaths(): string[];
export function sampleUrl(path: string, value?: string): string;
