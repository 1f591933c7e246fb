import * as registry from './registry.ts';

/** Each component of the registry, by its name, drawn by the file of its folder that `fileOf` names. */
export function componentFiles(files: Record<string, unknown>, fileOf: (name: string) => string): Record<string, unknown> {
  return Object.fromEntries(
    Object.keys(registry)
      .sort()
      .map((name) => {
        const file = files[fileOf(name)];
        if (!file) throw new Error(`The book component ${name} has no ${fileOf(name)}: its folder draws it for the web and for the editions.`);
        return [name, file];
      }),
  );
}
