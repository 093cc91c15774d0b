/**
 * The page checker, one module for the CLI (`npm run check:pages`), the server and the browser
 * (the page studio): no Node imports; the caller reads files and passes data in.
 *
 *   const schema = compileAmisSchema(amisSchemaJson);
 *   checkPageDocument(page, { schema, routes, permissionCodes }) // → [{ path, message }]
 */
export { checkPageDocument, type PageCheckContext, type Problem } from './check-page.ts';
export { compileAmisSchema } from './compile-amis-schema.ts';
export { validatePageSchema, type AmisSchemaValidator, type SchemaProblem } from './amis-schema.ts';
export { checkApis, checkPermissions, collectApis, routeMatches, type RouteRef } from './page-rules.ts';
export { CHECK_FILE_NAME, parseCheckFile, type BundleDeclarations } from './bundle-declarations.ts';
export { legacyToCurrent } from './legacy-compat.ts';
export { checkDeclaredOrigins, checkPageOrigins } from './origin-rules.ts';
