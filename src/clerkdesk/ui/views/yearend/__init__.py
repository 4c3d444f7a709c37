"""The year-end screens: the season's home in Reports, renewal notices and reminder
letters, opening the next license year, and the list of dogs not renewed."""
