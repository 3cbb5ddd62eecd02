// Entry point of an image worker process: runs the engine and upload sanitising away from the API's event
// loop and heap. Started and recycled by image-pool.ts; talks over IPC (advanced serialization).
import { createEngine, type Engine } from '../../../../engine/pipeline';
import { sanitizeImage } from '../../../../engine/io/image.decode';
import { EngineError } from '../../../../engine/engine.error';
import { asBuffer, revive, type ImageReply, type ImageTask } from './image-protocol';
import { warmAtStart } from './image-warmup';

let engine: Engine | undefined;
const send = (reply: ImageReply) => process.send?.(reply);
warmAtStart(
  process.env,
  () => (engine ??= createEngine()),
  (err) => console.error('image worker: model warm-up failed', err),
);

async function run(task: ImageTask): Promise<unknown> {
  switch (task.op) {
    case 'sanitize':
      return sanitizeImage(asBuffer(task.input));
    case 'process':
      return (engine ??= createEngine()).process(asBuffer(task.input), revive(task.request), (stage) =>
        send({ id: task.id, type: 'stage', stage, index: 0 }),
      );
    case 'processBatch':
      // Per-item engine errors travel as plain data (a cloned Error loses its code).
      return (
        await (engine ??= createEngine()).processBatch(
          task.inputs.map(asBuffer),
          revive(task.request),
          (index, stage) => send({ id: task.id, type: 'stage', stage, index }),
        )
      ).map((item) => ({ ...item, error: item.error && errorOf(item.error) }));
  }
}

const errorOf = (err: unknown) =>
  err instanceof EngineError
    ? { engine: true, code: err.code, message: err.message, detail: err.detail }
    : { engine: false, code: 'INTERNAL' as const, message: err instanceof Error ? err.message : String(err) };

process.on('message', (task: ImageTask) => {
  run(task).then(
    (value) => send({ id: task.id, type: 'done', value }),
    (err: unknown) => send({ id: task.id, type: 'error', error: errorOf(err) }),
  );
});
// The pool closing the channel is the signal to go.
process.on('disconnect', () => process.exit(0));
send({ id: 0, type: 'ready' });
