// Types of mail-logo.mjs for the TypeScript tests that import it.
export declare const MAIL_LOGO_SIZE: number;
export declare function renderMailLogo(svg: Buffer): Promise<Buffer>;
