/** The node monitor and its alerts: one function per `monitor:*` / `alerts:*` channel. */
import type { IpcRequest } from '../../shared/ipc/contract';
import type {
  MissedSlotView,
  MonitorAlertView,
  MonitorOverview,
  MonitorSettings,
  MonitorSettingsPatch,
  NodeSampleView,
  ProductivityView,
  ProductivityWindow,
  RoundView,
} from '../../shared/domain/monitor';
import { unwrap } from './ipc';
import { votary } from './votary';

export async function monitorOverview(): Promise<MonitorOverview> {
  return unwrap(await (await votary()).monitorOverview());
}
/** The current round; with `delegate`, also when that delegate's next slot starts. */
export async function monitorRound(delegate?: string): Promise<RoundView> {
  return unwrap(await (await votary()).monitorRound(delegate === undefined ? undefined : { delegate }));
}
export async function monitorProductivity(window: ProductivityWindow): Promise<ProductivityView> {
  return unwrap(await (await votary()).monitorProductivity({ window }));
}
export async function missedSlots(request: IpcRequest<'monitor:missed-slots'>): Promise<MissedSlotView[]> {
  return unwrap(await (await votary()).monitorMissedSlots(request));
}
export async function nodeSamples(nodeId: string, since?: number): Promise<NodeSampleView[]> {
  return unwrap(await (await votary()).monitorSamples(since === undefined ? { nodeId } : { nodeId, since }));
}
export async function addWatchedNode(url: string, label?: string): Promise<MonitorOverview> {
  return unwrap(
    await (await votary()).monitorNodesAdd(label === undefined || label === '' ? { url } : { url, label }),
  );
}
export async function removeWatchedNode(nodeId: string): Promise<MonitorOverview> {
  return unwrap(await (await votary()).monitorNodesRemove({ nodeId }));
}
export async function monitorSettings(patch?: MonitorSettingsPatch): Promise<MonitorSettings> {
  return unwrap(await (await votary()).monitorSettings(patch));
}
export async function listAlerts(request?: IpcRequest<'alerts:list'>): Promise<MonitorAlertView[]> {
  return unwrap(await (await votary()).alertsList(request));
}
/** One alert, or all of them when `id` is absent (hidden from the list; a live condition stays active). */
export async function dismissAlert(id?: string): Promise<void> {
  unwrap(await (await votary()).alertsDismiss(id === undefined ? {} : { id }));
}
