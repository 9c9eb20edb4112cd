// A bench's load client in a process of its own, so its work does not slow the server it
// measures: the bench script forks itself with `--client`, sends the job, and gets the result.
import { fork, type Serializable } from 'node:child_process';
import { once } from 'node:events';

/** In the forked copy runs `client` on the job it is sent; in the main process runs `main`. */
export async function clientOrMain(
  // `never`: any client's job type fits; the job arrives as the main process sent it.
  client: (job: never) => Promise<unknown>,
  main: () => Promise<void>,
): Promise<void> {
  if (process.argv[2] !== '--client') return main();
  const [job] = (await once(process, 'message')) as [never];
  const result = await client(job);
  process.send?.(result, () => {
    process.disconnect();
  });
}

/** Forks `script` as the client, sends it `job`, and answers its result once it has exited. */
export async function runForkedClient<Result>(script: string, job: Serializable): Promise<Result> {
  const child = fork(script, ['--client'], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  child.send(job);
  const [result] = (await once(child, 'message')) as [Result];
  await once(child, 'exit');
  return result;
}
