// The tables farm owns (issue 33): the farm's own words and pictures and its team.
export const TABLES = ['farm_info', 'farm_images', 'team_members'] as const
