import { prepareDatabase } from '../app.ts';

/**
 * `node first-start.ts <dataDir> [sms]`: creates, migrates and seeds a PGlite folder, then exits.
 * The server runs it as a child on first start, so initdb's and the seed's working memory leaves
 * with the child instead of staying in the server for its whole life.
 */
const [dir, sms] = process.argv.slice(2);
const db = await prepareDatabase({ dataDir: dir, firstStartDone: true }, { smsLogin: sms === 'sms' });
await db.close();
