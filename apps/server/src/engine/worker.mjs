// Entry of every engine worker thread. Workers start as plain Node (the pool gives them no execArgv),
// so the TypeScript loader is registered here before the tasks load; tests, the CLI and the server
// all start workers the same way.
import { register } from 'tsx/esm/api';

register();
const { runTask } = await import('./tasks.ts');

export default runTask;
