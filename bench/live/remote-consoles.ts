/**
 * The bench process's handle on the consoles child (consoles-child.ts): same jobs as Consoles,
 * over IPC. The samples come back once, with the report, at the end of the window.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { ConsolesReport, OpenRequest } from './consoles-child';
import type { BenchTenant, Target } from './fleet';
import { trackChild } from './proc';

export class RemoteConsoles {
  private readonly child: ChildProcess;
  private readonly exited: Promise<never>;

  constructor() {
    this.child = fork(path.join(import.meta.dirname, 'consoles-child.ts'), [], { execArgv: ['--import', 'tsx'] });
    trackChild(this.child);
    this.exited = new Promise((_, reject) => {
      this.child.once('exit', (code, signal) => reject(new Error(`the consoles process exited (${signal ?? code})`)));
    });
    this.exited.catch(() => undefined);
  }

  private ask<T>(request: unknown, isAnswer: (m: unknown) => m is T): Promise<T> {
    const answer = new Promise<T>((resolve) => {
      const onMessage = (m: unknown) => {
        if (!isAnswer(m)) return;
        this.child.off('message', onMessage);
        resolve(m);
      };
      this.child.on('message', onMessage);
    });
    this.child.send(request as object);
    return Promise.race([answer, this.exited]);
  }

  async open(target: Target, tenants: BenchTenant[], perTenant: number): Promise<void> {
    const request: OpenRequest = {
      open: { name: target.name, urls: tenants.map((tenant) => ({ tenant, url: target.consoleUrl(tenant) })), perTenant, hello: target.consoleHello },
    };
    const answer = await this.ask(
      request,
      (m): m is { opened?: true; failed?: string } => typeof m === 'object' && m !== null && ('opened' in m || 'failed' in m),
    );
    if (answer.failed) throw new Error(answer.failed);
  }

  record(on: boolean): void {
    this.child.send({ record: on });
  }

  /** The samples and counts of the window; the consoles close afterwards. */
  report(): Promise<ConsolesReport> {
    return this.ask({ report: true }, (m): m is ConsolesReport => typeof m === 'object' && m !== null && 'samples' in m);
  }

  stop(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }
}
