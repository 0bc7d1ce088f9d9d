// drizzle-kit finds tables among the named exports of its schema files. The derived tables are known
// only once resources/tables/ has been read, so this file names each of them at run time
// (drizzle-kit loads schema files with tsx's require hook, which reads the TypeScript below).
module.exports = require('./resources.ts').derivedTables;
