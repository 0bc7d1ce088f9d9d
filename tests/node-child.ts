// Node's own flags for the server and script processes the tests start: the browser files' servers,
// users and demo seed (tests/e2e/harness.ts), and the API files that run the entry points
// (operating-scripts, backup, instances).
//
// `--liftoff-only`: V8 compiles the embedded database's WebAssembly (PGlite, 9 MB) with its baseline
// compiler only. By default, as soon as a process has run a few queries, V8 compiles the hot functions
// again with its optimizing compiler, in background threads: about 2.3 s of a core per process,
// which a test's process, living a few seconds to a minute, never earns back (issue 39 item 4,
// docs/performance.md "What a test's child process compiled"). The product is started without it: a
// server that runs for days gains from the optimized code.
export const CHILD_NODE_ARGS: readonly string[] = ['--liftoff-only'];
