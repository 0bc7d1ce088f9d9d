// Route schemas compiled once per process, not once per app. Fastify gives each instance it builds a
// new Ajv and new serializers, so a second app in the same process compiles every route's schemas
// again. Production builds one app; the tests build hundreds (one per test file, some more), and the
// compiling was half of each app's start. Here the apps of one process share Fastify's own pool of
// Ajv instances (one per set of options and shared schemas, which caches what it compiled by schema
// object) and one serializer per response schema object and options.
//
// And each is compiled when its route first needs it, not when the route is added: a process that
// starts a server (npm start, every browser test's server) spent about 0.55 s of its ~2.5 s start in
// Ajv and fast-json-stringify compiling some 1,500 schemas, most of which a given run never meets.
// An app's `compileDeferred` compiles what it still has waiting, so a test can hold every route's
// schemas to compiling (tests/api/openapi-fuzz.test.ts), as the eager start did.
import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type BuildSerializer = ReturnType<typeof SerializerSelector>;
type SerializerCompiler = ReturnType<BuildSerializer>;
type Serializer = ReturnType<SerializerCompiler>;
type BuildValidator = ReturnType<typeof AjvCompiler>;
type Validator = ReturnType<ReturnType<BuildValidator>>;
type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;

/** `compile`, run once, on the first call of what it returns. */
const once = <T>(compile: () => T): (() => T) => {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: compile() };
    return made.value;
  };
};

const validatorPool = AjvCompiler();
const serializerSelector = SerializerSelector();
/** response schema object → (shared schemas and options) → its serializer, made on first use */
const serializers = new WeakMap<object, Map<string, { serialize: Serializer; make: () => Serializer }>>();

/**
 * A validator that compiles on its first call. Fastify reads a validator's `errors` after a call that
 * answered false, and passes the request as the value's parent (so Ajv can coerce a root value) to a
 * function with a `schemaEnv`, which every Ajv function has.
 */
const deferredValidator = (make: () => Validator): Validator => {
  const validate = ((...args: Parameters<Validator>) => {
    const made = make();
    const result = made(...args);
    if (result instanceof Promise) {
      return result.then((answer: unknown) => {
        (validate as { errors?: unknown }).errors = (made as { errors?: unknown }).errors;
        return answer;
      });
    }
    (validate as { errors?: unknown }).errors = (made as { errors?: unknown }).errors;
    return result;
  }) as Validator;
  (validate as { schemaEnv?: unknown }).schemaEnv = true;
  return validate;
};

/** One app's schema compilers (Fastify's `schemaController.compilersFactory`), and what it has put off. */
export interface AppSchemaCompilers {
  compilersFactory: CompilersFactory;
  /** Compiles every schema this app has not used yet; answers how many of its compilers it went through. */
  compileDeferred: () => number;
}

export const appSchemaCompilers = (): AppSchemaCompilers => {
  const waiting = new Set<() => unknown>();

  const buildSerializer: BuildSerializer = (externalSchemas, options) => {
    const compile = serializerSelector(externalSchemas, options);
    const key = JSON.stringify([externalSchemas ?? null, options ?? null]);
    return (route) => {
      const schema = route.schema as object;
      let byOptions = serializers.get(schema);
      if (!byOptions) {
        byOptions = new Map();
        serializers.set(schema, byOptions);
      }
      let known = byOptions.get(key);
      if (!known) {
        const make = once(() => compile(route));
        known = { serialize: (data) => make()(data), make };
        byOptions.set(key, known);
      }
      waiting.add(known.make);
      return known.serialize;
    };
  };

  /**
   * JSON bodies are validated as they are sent: a string is not a number, `"true"` is not a boolean and
   * a lone value is not an array. Query strings, path parameters and headers are text on the wire, so
   * they keep the app's coercion (`coerceTypes: 'array'`, set in app.ts).
   */
  const buildValidator: BuildValidator = (externalSchemas, options) => {
    const coercing = validatorPool(externalSchemas, options);
    const strict = validatorPool(
      externalSchemas,
      options?.mode === 'JTD'
        ? options
        : { ...options, customOptions: { ...options?.customOptions, coerceTypes: false } },
    );
    return (route) => {
      const make = once(() => (route.httpPart === 'body' ? strict(route) : coercing(route)));
      waiting.add(make);
      return deferredValidator(make);
    };
  };

  return {
    compilersFactory: { buildValidator, buildSerializer } as CompilersFactory,
    compileDeferred: () => {
      const all = [...waiting];
      waiting.clear();
      for (const make of all) make();
      return all.length;
    },
  };
};
