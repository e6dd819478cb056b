// Bundles the server's own code and @edc/domain's into dist/, for `npm start`: Node then runs plain JavaScript,
// with no TypeScript loader (and its second V8 isolate) in the server process (docs/performance.md, "Where the
// memory goes"). Packages stay in node_modules and are imported from there as before. Tests and `npm run dev`
// run the TypeScript source.
import { build } from 'esbuild';

await build({
  absWorkingDir: import.meta.dirname,
  entryPoints: { main: 'src/main.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
  plugins: [
    {
      name: 'packages-stay-external',
      setup(b) {
        // Bare imports (packages and node: builtins) are left to Node, except the workspace's own TypeScript.
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@edc/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
