// Route schemas compiled once per process, not once per app. Fastify gives each instance it builds a
// new Ajv and new serializers, so a second app in the same process compiles every route's schemas
// again. Production builds one app; the tests build hundreds (one per test file, some more), and the
// compiling was half of each app's start. Here the apps of one process share Fastify's own pool of
// Ajv instances (one per set of options and shared schemas, which caches what it compiled by schema
// object) and one serializer per response schema object and options.
import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';

type BuildSerializer = ReturnType<typeof SerializerSelector>;
type SerializerCompiler = ReturnType<BuildSerializer>;
type Serializer = ReturnType<SerializerCompiler>;

const validatorPool = AjvCompiler();
const serializerSelector = SerializerSelector();
/** response schema object → (shared schemas and options) → its compiled serializer */
const serializers = new WeakMap<object, Map<string, Serializer>>();

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
    let made = byOptions.get(key);
    if (!made) {
      made = compile(route);
      byOptions.set(key, made);
    }
    return made;
  };
};

type BuildValidator = typeof validatorPool;

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
  return (route) => (route.httpPart === 'body' ? strict(route) : coercing(route));
};

/** Fastify's `schemaController.compilersFactory`, shared by every app this process builds. */
export const sharedSchemaCompilers = { buildValidator, buildSerializer };
