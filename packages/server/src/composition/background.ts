import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { holdsSweepLock, sweepPeriodically } from '../db/periodic-sweep';
import { TICKET_AUTO_CLOSE_DAYS } from '@netloom/domain';
import { resealSecrets } from '../db/reseal-secrets';
import { topics } from '../bus/topics';
import { keepMetricsFor } from '../agent/metrics-retention';
import { sweepSilentDevicesOffline } from '../agent/offline-sweep';
import { DeviceStateWriter } from '../agent/state-writer';
import { IGNORE_DEVICES, type DeviceObserver } from '../agent/context';
import { toDeviceRow, type DeviceRecord } from '../fleet/device-row';
import { deleteExpiredTokens } from '../modules/auth/token-retention';
import { AlarmEngine } from '../modules/alarms/engine';
import { notificationOf } from '../modules/alarms/service';
import { keepAlarmsFor } from '../modules/alarms/retention';
import { DeliveryWorker } from '../modules/alarms/delivery-worker';
import { SectionReconciler } from '../modules/config/reconciler';
import { keepAnalyticsFor } from '../modules/traffic/index';
import { sweepIot } from '../modules/iot/index';
import { ReportWorker } from '../modules/reports/worker';
import { ReportRenderer } from '../modules/reports/renderer';
import { ScheduleClock } from '../modules/reports/scheduler';
import { sweepExpiredReports } from '../modules/reports/repo';
import { reportSources } from './report-sources';
import type { Engines } from './module-services';
import type { Services } from './services';

/** What the background work shares with the device side, and how it stops. */
export interface BackgroundWork {
  /** The device side's state: batched writes and the outage they detect. */
  writer: DeviceStateWriter;
  /** Tells every console of the device's tenant, on every instance. */
  publishDevice(device: DeviceRecord): Promise<void>;
  /** Told what devices report: the alarm engine, unless FLEET_ALARMS is off. */
  observer: DeviceObserver;
  reportWorker: ReportWorker;
  /** After the device sockets have closed: their last states are written before the bus and the database go. */
  closeStores(): Promise<void>;
  /** Before the device sockets close: no sweep or worker starts a round while they do. */
  stop(): Promise<void>;
}

/**
 * The periodic work and the workers: sweeps, retention, reconcilers, alarm deliveries, reports.
 * On PostgreSQL one instance of a cluster runs each round of the periodic work (an advisory lock).
 */
export function startBackgroundWork(app: FastifyInstance, services: Services, engines: Engines, database: Database, ownsDatabase: boolean): BackgroundWork {
  const { config, db, bus, mailer } = services;
  const usesLock = config.database.kind === 'postgres';
  const stopTokenSweeps = deleteExpiredTokens(db, app.log, usesLock);
  const stopMetricsRetention = keepMetricsFor(db, app.log, { retentionHours: config.fleet.metricsRetentionHours, usesLock });
  const writer = new DeviceStateWriter(db, app.log);
  // Not an async wrapper: a heartbeat already waits on the bus's own promise.
  const publishDevice = (device: DeviceRecord) => bus.publish(topics.tenantDevices(device.tenantId), { kind: 'device', row: toDeviceRow(device) });
  // Alarms are judged as device data arrives; each stored one rings the bell of its tenant's consoles.
  const alarmEngine = new AlarmEngine(db, app.log, (alarm, deviceName) =>
    bus.publish(topics.tenantAlarms(alarm.tenantId), { kind: 'alarm', notification: notificationOf(alarm, deviceName) }),
  );
  const observer = config.fleet.alarms ? alarmEngine : IGNORE_DEVICES;
  // Channels' deliveries are rows: any instance sends what is due, also what was queued before a restart.
  const deliveries = new DeliveryWorker(db, mailer, app.log, config.notifications, engines.webhookTargets);
  deliveries.start();
  const stopAnalyticsRetention = keepAnalyticsFor(engines.analyticsStore, app.log, engines.analyticsRetention);
  const stopLogRetention = sweepPeriodically(app.log, {
    what: 'logs past their retention',
    everyMs: 60 * 60_000,
    sweep: () => services.webFilterAnalytics.sweep(),
  });
  const stopIotRetention = sweepPeriodically(app.log, {
    what: 'IoT telemetry and deviations past their retention',
    everyMs: 60 * 60_000,
    sweep: () => sweepIot(db),
  });
  const stopChatRetention = sweepPeriodically(app.log, {
    what: 'chat messages past their retention',
    everyMs: 60 * 60_000,
    sweep: () => services.chat.sweep(),
  });
  const stopAssistantDrafts = sweepPeriodically(app.log, {
    what: "the assistant's drafts past a month",
    everyMs: 60 * 60_000,
    sweep: () => services.assistant.sweep(),
  });
  const stopSessionLogRetention = sweepPeriodically(app.log, {
    what: 'zero-trust session logs past their retention',
    everyMs: 60 * 60_000,
    sweep: () => services.ztnaSessionLogs.sweep(),
  });
  // Secrets kept in clear before sealing, or under a replaced key, are sealed with the current key soon after start.
  const stopResealing = sweepPeriodically(app.log, {
    what: 'configuration secrets in clear or under a replaced key',
    everyMs: 24 * 60 * 60_000,
    sweep: (stopped) => resealSecrets(db, stopped),
    done: 'sealed with the current key',
  });
  // Devices that arrive after a product's last change get its sections within a round.
  const stopWebFilterReconciler = new SectionReconciler(db, services.deviceConfig, engines.webFilterSections).start(app.log, config.webFilter.reconcileMs);
  const stopZtnaReconciler = new SectionReconciler(db, services.deviceConfig, engines.ztnaSections).start(app.log, config.ztna.reconcileMs);
  const stopWafReconciler = new SectionReconciler(db, services.deviceConfig, engines.wafSections).start(app.log, config.webFilter.reconcileMs);
  const stopDemReconciler = new SectionReconciler(db, services.deviceConfig, engines.demSections).start(app.log, config.webFilter.reconcileMs);
  // RUM: alerts judged on the minute rollups every minute; raw rows and rollups dropped past their retention.
  const stopRumAlerts = sweepPeriodically(app.log, { what: 'RUM alerts', everyMs: 60_000, sweep: () => services.rumAlerts.evaluate(), done: 'changed state' });
  const stopRumRetention = sweepPeriodically(app.log, {
    what: 'RUM analytics past retention',
    everyMs: 60 * 60_000,
    sweep: () => engines.rumStore.dropExpired(new Date(), { rawDays: config.rum.rawDays, ...engines.analyticsRetention() }),
  });
  // Threat-intel feeds are read again when due; a feed's new addresses reach the edges whose policies use it.
  const stopThreatFeeds = sweepPeriodically(app.log, {
    what: 'threat-intel feeds due for a fetch',
    everyMs: 5 * 60_000,
    sweep: () => services.wafIntel.refreshDue(),
    done: 'fetched',
  });
  // API drift: each application's traffic compared with its OpenAPI document, what changed kept in the history.
  const stopApiDrift = sweepPeriodically(app.log, {
    what: 'API drift against the applications’ documents',
    everyMs: 15 * 60_000,
    sweep: (stopped) => services.wafApis.checkAllDrift(stopped),
    done: 'findings opened or resolved',
  });
  // Bot protection: each class's addresses made again from the last hour; a changed list reaches the edges.
  const stopBotLists = sweepPeriodically(app.log, {
    what: 'bot protection lists',
    everyMs: 5 * 60_000,
    sweep: () => services.wafBots.refreshMembers(),
    done: 'organisations whose lists changed',
  });
  // Scheduled announcements reach open consoles when they start (and leave them when they end).
  const stopAnnouncementCheck = services.announcements.start(config.announcements.checkMs);
  // Reports are made in the background by whichever instance claims them; schedules queue them once per cluster.
  // Files are rendered in a thread of their own, one at a time per instance (renderer.ts).
  const reportRenderer = new ReportRenderer();
  const reportWorker = new ReportWorker(db, reportSources(db, services, config), bus, mailer, app.log, config.reports, (task) => reportRenderer.render(task));
  reportWorker.start();
  const reportClock = new ScheduleClock(db, app.log, async () => reportWorker.wake(), config.reports.scheduleCheckMs);
  reportClock.start();
  const stopReportExpiry = sweepPeriodically(app.log, {
    what: 'reports past their keeping time',
    everyMs: config.reports.sweepMs,
    sweep: (stopped) => sweepExpiredReports(db, new Date(), stopped),
  });
  const stopOverdueDiagnostics = sweepPeriodically(app.log, {
    what: 'diagnostics past their time limit',
    everyMs: 30_000,
    sweep: () => services.diagnostics.endOverdue(),
  });
  // Solved tickets close after a few days; one instance of a cluster closes them each round.
  const stopTicketClosing = sweepPeriodically(app.log, {
    what: 'solved tickets past their closing time',
    everyMs: 15 * 60_000,
    sweep: () =>
      db.transaction(async (tx) => {
        if (usesLock && !(await holdsSweepLock(tx, 'solvedTickets'))) return 0;
        return (await services.supportDesk.closeSolved(TICKET_AUTO_CLOSE_DAYS, tx)) + (await services.supportDesk.sweepUnattached(tx));
      }),
    done: 'closed (and unattached uploads deleted)',
  });
  // Tickets in connected helpdesks: sent, answered and read back by whichever instance finds them due.
  services.ticketSync.start(15_000);
  const stopAlarmRetention = keepAlarmsFor(db, app.log, { retentionDays: config.fleet.alarmRetentionDays, usesLock });
  const stopOfflineSweep = sweepSilentDevicesOffline(db, app.log, {
    offlineAfterSeconds: config.fleet.offlineAfterSeconds,
    usesLock,
    outage: writer.outage,
    publishDevice,
    observer,
  });

  engines.ndrEngine.start();

  return {
    writer,
    publishDevice,
    observer,
    reportWorker,
    async closeStores() {
      await engines.flowIngest.close();
      // After the ingest's last write: its evidence is stepped and the rule states saved.
      await engines.ndrEngine.close();
      await writer.close();
      await stopTokenSweeps();
      await stopResealing();
      await bus.close();
      if (ownsDatabase) await database.close();
    },
    async stop() {
      stopOfflineSweep();
      await stopMetricsRetention();
      await stopAlarmRetention();
      await stopAnalyticsRetention();
      await stopLogRetention();
      await stopSessionLogRetention();
      await stopChatRetention();
      await stopIotRetention();
      await stopAssistantDrafts();
      await stopWebFilterReconciler();
      await stopZtnaReconciler();
      await stopWafReconciler();
      await stopRumAlerts();
      await stopRumRetention();
      await services.rumIngest.flush();
      await stopDemReconciler();
      await stopThreatFeeds();
      await stopApiDrift();
      await stopBotLists();
      await stopAnnouncementCheck();
      await reportClock.stop();
      await reportWorker.stop();
      await reportRenderer.close();
      await stopReportExpiry();
      await stopOverdueDiagnostics();
      await stopTicketClosing();
      await services.ticketSync.stop();
      await alarmEngine.idle();
      await deliveries.stop();
    },
  };
}
