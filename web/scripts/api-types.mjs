#!/usr/bin/env node
/*
 * The front-end's API types (issue 21): `src/lib/api/schema.d.ts` is generated from the server's OpenAPI document,
 * never written by hand.
 *
 *   node scripts/api-types.mjs           regenerate it (`npm run api-types`)
 *   node scripts/api-types.mjs --check   fail with a diff when the committed file differs from what the document
 *                                        generates (`npm run api-types:check`, run by `make test`)
 *
 * The document comes from `cargo run -q --manifest-path ../server/Cargo.toml -- openapi` (the `CARGO` variable names
 * another cargo), or from `$VITRINA_BINARY openapi` when that names a binary already built from this tree (`make test`
 * passes its release binary: a `cargo run` there would build the server once more, in the dev profile with the
 * features of a plain build, 1 min 44 s on the 2-core machine with warm caches). It is kept in a temporary file and
 * turned into types by openapi-typescript. The output depends only on the document: the same server code always
 * gives the same file.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

/** The web package's folder. */
const WEB_DIR = fileURLToPath(new URL('..', import.meta.url));
/** The generated, committed types. */
const SCHEMA_FILE = join(WEB_DIR, 'src/lib/api/schema.d.ts');
/** The server crate whose `vitrina openapi` prints the document. */
const SERVER_MANIFEST = join(WEB_DIR, '../server/Cargo.toml');
/** The most output `cargo run … openapi` may print (the document is about 160 KiB). */
const DOCUMENT_MAX_BYTES = 64 * 1024 * 1024;

/** The header of the generated file: what it is and how to make it again. */
const HEADER = `/*
 * GENERATED FILE, do not edit. The types of the API's OpenAPI document (\`vitrina openapi\`, served at
 * /api/openapi.json), made by openapi-typescript. Regenerate with \`npm run api-types\` (in web/) after changing the
 * server's API types; \`npm run api-types:check\` (run by \`make test\`) fails while this file is out of date.
 * The app imports the named aliases of \`./types.ts\`, not this file.
 */
`;

/**
 * Prints the server's OpenAPI document into `file`: by `$VITRINA_BINARY openapi` when set, else by `cargo run` (the
 * server is built first when its code changed).
 */
function writeDocument(file) {
  const binary = process.env.VITRINA_BINARY;
  const [command, args] = binary
    ? [binary, ['openapi']]
    : [process.env.CARGO || 'cargo', ['run', '-q', '--manifest-path', SERVER_MANIFEST, '--', 'openapi']];
  const document = execFileSync(command, args, {
    cwd: WEB_DIR,
    maxBuffer: DOCUMENT_MAX_BYTES,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  JSON.parse(document.toString('utf8')); // fail here, not in the generator, when the output is not JSON
  writeFileSync(file, document);
}

/** The TypeScript of the document in `documentFile`, with {@link HEADER}. */
async function generate(documentFile) {
  const ast = await openapiTS(pathToFileURL(documentFile));
  const body = astToString(ast).replace(/\r\n/g, '\n');
  return `${HEADER}\n${body.endsWith('\n') ? body : `${body}\n`}`;
}

/** Fails with a message and a diff when `generatedFile` differs from the committed {@link SCHEMA_FILE}. */
function check(generatedFile) {
  const shown = relative(process.cwd(), SCHEMA_FILE);
  const committed = existsSync(SCHEMA_FILE) ? readFileSync(SCHEMA_FILE, 'utf8') : null;
  if (committed === readFileSync(generatedFile, 'utf8')) {
    console.log(`${shown} matches the server's OpenAPI document.`);
    return true;
  }
  console.error(
    committed === null
      ? `${shown} is missing.`
      : `${shown} differs from what the server's OpenAPI document generates (diff: committed → generated):`,
  );
  if (committed !== null) {
    spawnSync('git', ['diff', '--no-index', '--no-color', '--', SCHEMA_FILE, generatedFile], { stdio: ['ignore', 2, 2] });
  }
  console.error(`The API changed without its front-end types: run \`npm run api-types\` in web/ and commit ${shown}.`);
  return false;
}

async function main() {
  const checking = process.argv.includes('--check');
  const dir = mkdtempSync(join(tmpdir(), 'vitrina-api-types-'));
  try {
    const documentFile = join(dir, 'openapi.json');
    writeDocument(documentFile);
    const types = await generate(documentFile);
    if (!checking) {
      writeFileSync(SCHEMA_FILE, types);
      console.log(`Wrote ${relative(process.cwd(), SCHEMA_FILE)}.`);
      return true;
    }
    const generatedFile = join(dir, 'schema.d.ts');
    writeFileSync(generatedFile, types);
    return check(generatedFile);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
