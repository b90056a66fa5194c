/**
 * The team's copy about visits and where applications come from: the application page's
 * Source panel, the inbox's Source filter, and the Insights page (/team/insights).
 */
export const insights = {
  /** How a source reads: "(direct)" as Direct; an application with no visit found. */
  sourceWords: { direct: "Direct", unknown: "Not known" },
  sourcePanel: {
    title: "Source",
    source: "Source",
    medium: "Medium",
    campaign: "Campaign",
    referrer: "Referrer",
    landingPage: "Landing page",
    unknown: "Not known: no visit counted today matched this application.",
    /** The visitor's first page, by name (its path when it has none here). */
    pages: {
      "/": "Home page",
      "/onboarding": "Questionnaire",
      "/thank-you": "Thank-you page",
    } as Record<string, string>,
  },
  filter: { label: "Source", unknown: "Not known" },
  title: "Insights",
  intro:
    "Visits counted on the server as pages are served, without cookies; where applicants came from and how far they went.",
  rangeLabel: "Range",
  range: "Last {days} days",
  show: "Show",
  figures: {
    visitors: "Visitors",
    applications: "Applications",
    conversion: "Conversion",
  },
  funnelTitle: "Funnel",
  funnel: {
    visitors: "Visitors",
    chosePlan: "Chose a plan",
    started: "Started the questionnaire",
    applied: "Applied",
    answeredInTime: "Answered within the promise",
    onboarded: "Onboarded",
  },
  funnelValue: "{count} ({percent})",
  stoppedTitle: "Where those who started stopped",
  stoppedNone: "Nobody who started stopped without applying.",
  stoppedColumns: { question: "Last question started", visitors: "Visitors" },
  sourcesTitle: "Sources and campaigns",
  sourcesColumns: {
    source: "Source",
    medium: "Medium",
    campaign: "Campaign",
    visitors: "Visitors",
    applications: "Applications",
    conversion: "Conversion",
  },
  plansTitle: "Plans chosen and applied for",
  plansColumns: { plan: "Plan", chosen: "Chose it", applied: "Applied", conversion: "Conversion" },
  none: "—",
  noData: "Nothing counted in this range yet.",
  chartTitle: "Visitors and applications per day, last {days} days",
  chartYLabel: "People per day",
  chartXLabel: "Day (UTC)",
  chartEmpty: "No visits counted yet:",
  shareSite: "share your site",
  chartLegend: { visitors: "Visitors", applications: "Applications" },
  chartLegendItem: "{label} (at most {max} a day)",
  /** Under a table wider than a phone. */
  scrollHint: "Scroll sideways for more columns.",
  chartLabel: "{day}: {visitors} visitors, {applications} applications",
  chartSummary:
    "{title}: {visitors} visitors and {applications} applications in all; at most {maxVisitors} visitors and {maxApplications} applications in one day.",
  dailyTitle: "Per day",
  dailyColumns: {
    day: "Day",
    visitors: "Visitors",
    chosePlan: "Chose a plan",
    started: "Started",
    applications: "Applications",
    conversion: "Conversion",
  },
  exportCsv: "Export CSV",
  percent: "{value} %",
} as const;
