import type { DurableStore } from '../persistence/index.js';
import { Namespace, compileRulesState, type RulesState } from './database.js';

/** All namespaces of one emulator: isolated trees, each with its own rules (PUT /.settings/rules.json?ns=). */
export class Databases {
  private readonly namespaces = new Map<string, Namespace>();

  constructor(
    private readonly defaultRules: RulesState,
    readonly store: DurableStore | null,
  ) {}

  get(name: string): Namespace {
    let ns = this.namespaces.get(name);
    if (!ns) {
      ns = new Namespace(name, this.defaultRules, this.store);
      this.namespaces.set(name, ns);
    }
    return ns;
  }

  /** Compiles and installs rules for one namespace; throws the rules engine's RulesError. */
  setRules(name: string, text: string): void {
    const ns = this.get(name);
    ns.rules = compileRulesState(text);
    ns.recheckListens();
  }

  snapshot(): Map<string, unknown> {
    const out = new Map<string, unknown>();
    for (const [name, ns] of this.namespaces) out.set(name, ns.exportJson());
    return out;
  }

  all(): Iterable<Namespace> {
    return this.namespaces.values();
  }
}
