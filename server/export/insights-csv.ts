import { stringify } from "csv-stringify/sync";
import { conversion, type InsightsReport } from "#app/shared/insights.ts";
import { neutralise } from "./export-format.ts";

export const insightsColumns = [
  "day",
  "visitors",
  "chosePlan",
  "started",
  "applications",
  "conversion",
] as const;

/** The Insights page's daily table as CSV: one row per UTC day, oldest first. */
export function insightsCsv(report: InsightsReport): string {
  return stringify(
    report.daily.map((row) => ({
      ...row,
      day: new Date(row.day).toISOString().slice(0, 10),
      conversion: conversion(row.applications, row.visitors) ?? "",
    })),
    { header: true, columns: [...insightsColumns], cast: { string: neutralise } },
  );
}
