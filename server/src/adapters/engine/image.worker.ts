// Entry point of an image thread: runs the engine (and upload sanitising) off the API's event loop.
import { parentPort } from 'node:worker_threads';
import { createEngine, type Engine } from '../../../../engine/pipeline';
import { sanitizeImage } from '../../../../engine/io/image.decode';
import { EngineError } from '../../../../engine/engine.error';
import { asBuffer, revive, type ThreadReply, type ThreadTask } from './thread-protocol';

let engine: Engine | undefined;
const port = parentPort!;

async function run(task: ThreadTask): Promise<unknown> {
  switch (task.op) {
    case 'sanitize':
      return sanitizeImage(asBuffer(task.input));
    case 'process':
      return (engine ??= createEngine()).process(asBuffer(task.input), revive(task.request), (stage) =>
        port.postMessage({ id: task.id, type: 'stage', stage, index: 0 } satisfies ThreadReply),
      );
    case 'processBatch':
      // Per-item engine errors travel as plain data (a cloned Error loses its code).
      return (
        await (engine ??= createEngine()).processBatch(
          task.inputs.map(asBuffer),
          revive(task.request),
          (index, stage) =>
            port.postMessage({ id: task.id, type: 'stage', stage, index } satisfies ThreadReply),
        )
      ).map((item) => ({ ...item, error: item.error && errorOf(item.error) }));
  }
}

const errorOf = (err: unknown) =>
  err instanceof EngineError
    ? { engine: true, code: err.code, message: err.message, detail: err.detail }
    : { engine: false, code: 'INTERNAL' as const, message: err instanceof Error ? err.message : String(err) };

port.on('message', (task: ThreadTask) => {
  run(task).then(
    (value) => port.postMessage({ id: task.id, type: 'done', value } satisfies ThreadReply),
    (err: unknown) =>
      port.postMessage({ id: task.id, type: 'error', error: errorOf(err) } satisfies ThreadReply),
  );
});
