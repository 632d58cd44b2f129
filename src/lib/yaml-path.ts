// A place in a YAML or JSON document as a list of keys and indexes, and how errors print it. Apart
// from guide-source/yaml-source.ts so that what only names a place (diagnostics/validate.ts, plan,
// ingest) does not load the YAML parser, and below every folder of src/lib so that each can name one.
export type YamlPath = readonly (string | number)[];

/** `steps[2].variants[0].result` */
export function formatPath(path: YamlPath): string {
  return path.reduce<string>(
    (out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${key}` : key),
    '',
  );
}
