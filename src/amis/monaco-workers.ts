/**
 * The code editor (Monaco, inside amis's `editor` renderers) runs its language services in web
 * workers. amis's default asks for them at `/pkg/*.worker.js`, which nothing serves (404, and the
 * editor falls back to the main thread with a console warning). Here each worker is a chunk of the
 * console's own bundle: `new Worker(new URL(…, import.meta.url))` is how rspack emits it.
 */
type WorkerFactory = () => Worker;

const WORKERS: Record<string, WorkerFactory> = {
  json: () => new Worker(new URL('monaco-editor/esm/vs/language/json/json.worker.js', import.meta.url)),
  css: () => new Worker(new URL('monaco-editor/esm/vs/language/css/css.worker.js', import.meta.url)),
  scss: () => new Worker(new URL('monaco-editor/esm/vs/language/css/css.worker.js', import.meta.url)),
  less: () => new Worker(new URL('monaco-editor/esm/vs/language/css/css.worker.js', import.meta.url)),
  html: () => new Worker(new URL('monaco-editor/esm/vs/language/html/html.worker.js', import.meta.url)),
  handlebars: () => new Worker(new URL('monaco-editor/esm/vs/language/html/html.worker.js', import.meta.url)),
  typescript: () => new Worker(new URL('monaco-editor/esm/vs/language/typescript/ts.worker.js', import.meta.url)),
  javascript: () => new Worker(new URL('monaco-editor/esm/vs/language/typescript/ts.worker.js', import.meta.url)),
};

const editorWorker: WorkerFactory = () => new Worker(new URL('monaco-editor/esm/vs/editor/editor.worker.js', import.meta.url));

/** Replaces amis's MonacoEnvironment (set when its editor module loads); Monaco asks it lazily, when an editor opens. */
export function serveMonacoWorkersFromBundle() {
  (window as unknown as { MonacoEnvironment: unknown }).MonacoEnvironment = {
    getWorker: (_moduleId: string, label: string) => (WORKERS[label] ?? editorWorker)(),
  };
}
